package org.merrills.retro;

/**
 * Where a moving pair's solve spent its time, for the run's log: a pair's rate alone does not
 * say whether its setup (the state allocated, the child sectors copied: from disk if the page
 * cache lost them), the seed (every position's moves, its children out of the pair read), the
 * propagation (level by level) or the conversion into the sectors' own order grew slow, and each
 * has its own cure. They showed that the propagation costs the same per position it decides in
 * every pair of the standard game, and that the big pairs are slow per position because they
 * decide most of their positions (see the README's figures).
 *
 * @param setupNanos       the state allocated and the child sectors out of the pair made ready to
 *                         read (copied into the heap from their files, when the caller reads
 *                         them from a database)
 * @param seedNanos        the seed pass over every slot of the pair
 * @param propagationNanos the levels, from 0 to the last that had anything to expand
 * @param levels           how many levels the propagation walked
 * @param conversionNanos  the state's values put in each sector's own index order
 */
public record PairPhases(long setupNanos, long seedNanos, long propagationNanos, int levels, long conversionNanos) {
}
