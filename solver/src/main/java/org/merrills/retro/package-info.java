/**
 * The retrograde solve: {@link org.merrills.retro.SectorSolver} computes the exact value (win,
 * loss or draw for the side to move, and the distance in plies) of every position of a placing
 * sector or a moving pair from the sectors its moves lead to; {@link org.merrills.retro.Verifier}
 * recomputes a value from its children with the forward move generator only;
 * {@link org.merrills.retro.GameSolver} solves a small game in memory.
 */
package org.merrills.retro;
