package org.merrills.retro;

import java.util.ArrayList;
import java.util.List;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Edges;
import org.merrills.index.Sector;
import org.merrills.index.SectorGraph;
import org.merrills.rules.Variant;

/**
 * Solves a moving pair ({@code W-B-0-0} with {@code B-W-0-0}, one sector when W = B), whose quiet
 * moves lead from each sector to the other, so no position can be read off its children: the
 * values propagate backwards from what is decided, level by level. Three phases, each in its own
 * class with per-thread workers:
 * <ol>
 *   <li>the seed ({@link PairSeeder}) gives every position what does not depend on the pair,
 *   from its children out of it (captures, placements): decided, a pending win, drawn by a
 *   capture, or open with a loss floor and a counter of its distinct in-pair children;</li>
 *   <li>the propagation ({@link PairExpander}): for d = 0, 1, 2, ..., every position decided at d
 *   (and every pending win of d) is a frontier position, listed in the {@link LevelLists} of
 *   level d by the write that decided it (with the position that write had in hand, so that
 *   expanding it needs no unrank), so that a level costs what it decides and never a sweep over
 *   the pair; its predecessors become wins in d+1 (frontier lost) or are counted down (frontier
 *   won), and a counter reaching zero decides a loss. What is never decided is a draw;</li>
 *   <li>the conversion ({@link PairConversion}) puts each half's values, laid out by the swapped
 *   board's index ({@link PairHalf}), into its sector's own index order.</li>
 * </ol>
 *
 * <p>A level is split by regions, ranges of {@code 2^regionBits} slots of a state (at most
 * {@link #BUCKET_BITS 2^22}, 16 MiB of words). All predecessors of a frontier position (O, E)
 * have O as their enemy men, so they lie in the run of O in the partner's state (see {@link
 * PairHalf}), and the position is listed in the region where that run starts. The entries of one
 * region of a level are expanded by one worker, which updates their predecessors a batch at a
 * time (ranked, then their words read in one pass, then updated): the runs of two own classes
 * never overlap, so no other worker writes those words in that level, and they are read and
 * written plainly, within the region's 16 MiB (and the tail of its last run), which the caches
 * and the TLB serve far better than a state of gigabytes. The updates of one level commute, so
 * the result is the same for any thread count and any order of the regions. This replaced two
 * phases per level, where the workers first held every predecessor, ranked, in the bucket of its
 * slot (12 bytes each) and then applied each bucket: writing and reading those buffers (and, in a
 * fresh process, faulting in their memory) cost more than the updates. Measured on 2026-12-03,
 * idle machine, two threads, files byte-identical, propagation phase: the pair 8-9/9-8 alone with
 * its heap touched beforehand (as inside a run) 183.4 s before, 156.3 s after (the pair 287.5 s
 * before, 267.5 s after: 3.93 M positions/s); in a fresh process, 7-7-0-0 138.6 s before, 79.7 to
 * 85.9 s after, the pair 4-7/7-4 59.5 and 78.7 s before, 17.3 and 18.4 s after. JMH ({@code
 * BigSolveBench.movingSector66}): 6-6-0-0 26.4 s before, 21.4 s after on two threads, 39.9 and
 * 38.3 s on one.
 *
 * <p>With more workers than the lists' regions keep busy (more than two, on the defaults), each
 * region's entries of a level are first split into finer regions ({@link #REGIONS_PER_WORKER}),
 * which the workers then share the same way. The lists keep their coarse regions, since each
 * worker holds an open chunk per level and region of the lists.
 *
 * <p>Memory during a pair's solve: 4 bytes per index slot of both sectors (value or undecided
 * kind, loss floor and counter in one int) and two filter bits ({@link StateArray#knownDecided}),
 * plus the frontier entries still to come (4 bytes per pending win of a later level, 8 per
 * decision of the levels just ahead: in the standard game's big pairs up to a third of the slots
 * are pending wins); at the end each half's state is converted into 2 bytes per slot of result,
 * through buckets of a round (6 bytes per decided word, about {@link SlotBuckets#ROUND_WRITES} of
 * them, 100 MB), then dropped, so the peak stays at about 4 bytes per slot of the pair plus 2 per
 * slot of its larger half. The sectors read through {@link SolvedValues} (captures, placing
 * children) are the caller's: in memory, or copied from the database's files ({@link
 * HeapValues}).
 */
final class PairSolver {
    /**
     * The slots of a bucket of the conversion ({@link SlotBuckets#BUCKET_BITS}), and of the
     * largest region of the propagation: 2^22, 16 MiB of state words (eight 2 MiB pages), so
     * that the writes of one region stay where the cache and the TLB hold them instead of
     * missing at every word. Regions of 2^19 and 2^22 slots, 7-7-0-0, two threads: 86.4 and
     * 85.9 s of propagation (2026-12-03).
     */
    static final int BUCKET_BITS = SlotBuckets.BUCKET_BITS;

    /** The fewest regions a pair's propagation is split into, where its size allows. */
    static final int MIN_REGIONS = 64;
    /**
     * The fewest regions per worker a level is expanded in, where the pair's size allows: with
     * more workers than {@link #MIN_REGIONS} keeps busy, each region of the lists is split
     * into finer ones at its level ({@link PairExpander#split}). Simulated from the entries per
     * region and level of real solves (6-6-0-0 and 7-7-0-0 on two threads, 2026-12-05, each
     * level's regions handed out in order to whichever worker is free, the work of a region its
     * entries): 64 workers sharing the lists' regions, 75 of 6-6-0-0 and 101 of 7-7-0-0, are 33
     * and 52 % busy; sharing 32 per worker (2,384 and 3,202 regions) 86 and 95 %. Two workers
     * are 99 % busy or more with any of these.
     */
    static final int REGIONS_PER_WORKER = 32;
    /** The smallest region: 1024 slots. */
    static final int MIN_REGION_BITS = 10;

    private final Variant variant;
    private final SectorGraph graph;
    private final BoardIndexes indexes;
    private final SolverThreads threads;
    private final PairSeeder[] seeders;
    private final PairExpander[] expanders;
    private final PairConversion conversion;
    /** {@link #BUCKET_BITS}, or the smaller one a test asks for. */
    private final int bucketBits;
    /** {@link #REGIONS_PER_WORKER}, or the larger one a test asks for. */
    private final int regionsPerWorker;

    PairSolver(Variant variant, SectorGraph graph, BoardIndexes indexes, SolverThreads threads) {
        this(variant, graph, indexes, threads, BUCKET_BITS, SlotBuckets.ROUND_WRITES, REGIONS_PER_WORKER);
    }

    /**
     * With regions of at most {@code 2^bucketBits} slots, and a conversion in buckets of that
     * many slots and rounds of about {@code roundTargets} words (a larger state converts in
     * several rounds), and levels expanded in at least {@code regionsPerWorker} regions per
     * worker where the pair's size allows.
     */
    PairSolver(Variant variant, SectorGraph graph, BoardIndexes indexes, SolverThreads threads,
               int bucketBits, long roundTargets, int regionsPerWorker) {
        SlotBuckets.checkShape(bucketBits, roundTargets);
        if (regionsPerWorker < 1) {
            throw new IllegalArgumentException(regionsPerWorker + " regions per worker");
        }
        this.bucketBits = bucketBits;
        this.regionsPerWorker = regionsPerWorker;
        this.variant = variant;
        this.graph = graph;
        this.indexes = indexes;
        this.threads = threads;
        this.seeders = threads.workers(PairSeeder[]::new, () -> new PairSeeder(variant.moves()));
        this.expanders = threads.workers(PairExpander[]::new, () -> new PairExpander(variant));
        this.conversion = new PairConversion(threads, bucketBits, roundTargets);
    }

    /**
     * The bits of a region for a pair of {@code slots}: {@link #bucketBits} at most, and small
     * enough that the pair has {@link #MIN_REGIONS} of them for the workers to share, but
     * never below {@link #MIN_REGION_BITS} (unless the buckets are smaller).
     */
    int regionBits(long slots) {
        return regionBits(slots, MIN_REGIONS, bucketBits);
    }

    /**
     * How many times a region of {@code regionBits} is halved at its level so that the pair
     * of {@code slots} is expanded in {@link #regionsPerWorker} regions per worker: 0 where
     * the regions of the lists are enough (two workers, the defaults: always).
     */
    int splitBits(long slots, int regionBits) {
        long wanted = (long) regionsPerWorker * threads.count();
        return regionBits - regionBits(slots, Math.max(MIN_REGIONS, wanted), regionBits);
    }

    /** The bits of regions of at most {@code 2^maxBits} slots, at least {@code regions} of them where {@link #MIN_REGION_BITS} allows. */
    private static int regionBits(long slots, long regions, int maxBits) {
        int bits = 63 - Long.numberOfLeadingZeros(Math.max(1, slots / regions));
        return Math.max(Math.min(maxBits, MIN_REGION_BITS), Math.min(maxBits, bits));
    }

    /**
     * The entries of level {@code d}, split from each region of the lists into its {@code
     * 2^split} finer regions: each finer region is written by the one worker that expands it,
     * as a region of the lists would be. The empty ones are left out.
     */
    private List<List<LevelLists.Chunk>> finer(List<List<LevelLists.Chunk>> byRegion, int d, int split) {
        LevelLists.Chunk[][] parts = new LevelLists.Chunk[byRegion.size()][];
        threads.parallel(expanders, byRegion.size(), (w, region) -> parts[region] = w.split(byRegion.get(region), d, split));
        List<List<LevelLists.Chunk>> out = new ArrayList<>();
        for (LevelLists.Chunk[] p : parts) {
            for (LevelLists.Chunk c : p) {
                if (c != null) {
                    out.add(List.of(c));
                }
            }
        }
        return out;
    }

    /**
     * Solves a moving sector and its partner {@code B-W-0-0} together (one sector when W = B) and
     * returns them, {@code s} first. Captures lead to sectors read from {@code solved}.
     */
    List<SolvedSector> solve(Sector s, SolvedValues solved) {
        if (!graph.isPair(s)) {
            throw new IllegalArgumentException("sector " + s + " is no pair (every move leaves it): solve it as a placing sector");
        }
        long start = System.nanoTime();
        PairHalf a = new PairHalf(s, indexes.of(s), indexes.of(s.mirror()), new Edges(variant, s, indexes), 0);
        PairHalf b = s.mirror().equals(s) ? a
            : new PairHalf(s.mirror(), indexes.of(s.mirror()), indexes.of(s), new Edges(variant, s.mirror(), indexes), 1);
        a.partner = b;
        b.partner = a;
        PairHalf[] halves = a == b ? new PairHalf[] {a} : new PairHalf[] {a, b};
        long total = a == b ? a.state.size() : a.state.size() + b.state.size();
        int units = a == b ? a.units : a.units + b.units;

        int regionBits = regionBits(total);
        int split = splitBits(total, regionBits);
        a.regionsOf(regionBits);
        if (b != a) {
            b.regionsOf(regionBits);
            b.firstRegion = a.regions;
        }
        threads.startProgress(true);
        LevelLists lists = new LevelLists(seeders.length, a == b ? a.regions : a.regions + b.regions);
        for (PairHalf h : halves) {
            h.readsFrom(solved);
        }
        PairHalf[] byId = {a, b};
        for (int t = 0; t < seeders.length; t++) {
            seeders[t].start(halves, lists.appender(t));
            expanders[t].start(byId, lists.appender(t));
        }
        try {
            long seedStart = System.nanoTime();
            threads.parallel(seeders, units, (w, unit) -> {
                PairHalf h = unit < a.units ? a : b;
                long from = (long) (unit < a.units ? unit : unit - a.units) * SolverThreads.UNIT;
                long to = Math.min(h.state.size(), from + SolverThreads.UNIT);
                w.seedRange(h, from, to);
                threads.done(to - from);
            });

            long propagationStart = System.nanoTime();
            int levels = 0;
            for (int d = 0; lists.anyFrom(d); d++) {
                levels = d + 1;
                final int level = d;
                List<List<LevelLists.Chunk>> byRegion = lists.take(d);
                if (split > 0) {
                    byRegion = finer(byRegion, level, split);
                }
                List<List<LevelLists.Chunk>> work = byRegion;
                threads.parallel(expanders, work.size(), (w, region) -> {
                    long expanded = 0;
                    for (LevelLists.Chunk c : work.get(region)) {
                        expanded += w.expandChunk(c, level);
                    }
                    threads.done(expanded);
                });
            }
            for (PairHalf h : halves) {
                h.state.releaseFilters();
            }
            long conversionStart = System.nanoTime();
            List<SolvedSector> result = new ArrayList<>(2);
            for (PairHalf h : halves) {
                result.add(conversion.convert(h));
            }
            long end = System.nanoTime();
            threads.report(total);
            threads.reportPhases(new PairPhases(seedStart - start, propagationStart - seedStart,
                conversionStart - propagationStart, levels, end - conversionStart));
            return result;
        } finally {
            for (int t = 0; t < seeders.length; t++) {
                // no reference to a pair outlives its solve, failed or not
                seeders[t].finish();
                expanders[t].finish();
            }
        }
    }
}
