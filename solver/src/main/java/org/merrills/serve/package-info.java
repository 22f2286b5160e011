/**
 * {@code merrills serve}: a read-only HTTP server over a database directory. {@link
 * org.merrills.serve.TablebaseApi} answers (the schema is {@link org.merrills.probe.json}),
 * {@link org.merrills.serve.ApiHandler} routes and enforces the {@link org.merrills.serve.Limits},
 * {@link org.merrills.serve.TablebaseServer} runs Jetty; the analysis board is static HTML, CSS and
 * JavaScript under {@code org/merrills/serve/static/} in the jar.
 */
package org.merrills.serve;
