package org.merrills.serve;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The API document served at /api is the README's API section, word for word: one text, kept in step. */
class ApiDocumentTest {
    @Test
    void theReadmeHoldsTheServedDocument() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        String served = StaticFiles.apiDocument();
        assertTrue(served.startsWith("### The HTTP API"), served.substring(0, 40));
        assertTrue(readme.contains(served), "README.md must contain solver/src/main/resources/org/merrills/serve/"
            + "static/api.md verbatim (copy it into the README's section when either changes)");
    }
}
