package org.merrills.index;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.merrills.rules.Variant;

/**
 * The sectors of a game and the moves between them, as {@link Edges} says they go: what is
 * reachable from {@code 0-0-N-N}.
 *
 * <p>Every edge goes to fewer men, or to fewer men in hand, except a board move that takes no
 * man: it leads from {@code W-B-WF-BF} to its colour swap {@code B-W-BF-WF}. A sector and its
 * swap joined so are a <i>pair</i>, solved together by propagation (with real cycles when both
 * sides can move): in the standard game and Morabaraba the moving sectors {@code W-B-0-0}; in
 * Lasker, where a side holding men may move, every sector where one side has a man to move.
 * Sorting by {@link Sector#compareTo} is a solve order.
 */
public final class SectorGraph {
    private final Variant variant;
    private final List<Sector> order;
    private final Map<Sector, List<Sector>> successors;
    private final Map<Sector, Sector> partners;
    private final java.util.Set<Sector> pairs;

    private SectorGraph(Variant variant, List<Sector> order, Map<Sector, List<Sector>> successors,
                        Map<Sector, Sector> partners, java.util.Set<Sector> pairs) {
        this.variant = variant;
        this.order = order;
        this.successors = successors;
        this.partners = partners;
        this.pairs = pairs;
    }

    /** The game of a variant (with its number of men). */
    public static SectorGraph of(Variant variant) {
        Map<Sector, Edges> edges = new LinkedHashMap<>();
        Deque<Sector> todo = new ArrayDeque<>();
        Sector start = new Sector(0, 0, variant.men(), variant.men());
        edges.put(start, null);
        todo.add(start);
        while (!todo.isEmpty()) {
            Sector s = todo.poll();
            Edges e = new Edges(variant, s, null);
            edges.put(s, e);
            for (Sector t : e.children()) {
                if (!edges.containsKey(t)) {
                    edges.put(t, null);
                    todo.add(t);
                }
            }
        }
        List<Sector> order = new ArrayList<>(new TreeSet<>(edges.keySet()));
        Map<Sector, List<Sector>> frozen = new LinkedHashMap<>();
        Map<Sector, Sector> partners = new LinkedHashMap<>();
        java.util.Set<Sector> pairs = new java.util.HashSet<>();
        for (Sector s : order) {
            Edges e = edges.get(s);
            frozen.put(s, List.copyOf(e.children()));
            Edges swapped = edges.get(s.mirror());
            boolean joined = e.moved != null || swapped != null && swapped.moved != null;
            partners.put(s, joined ? s.mirror() : s);
            // A sector whose mover holds no man goes to the pair solver even when nothing joins
            // it to its swap (a full board: no move at all), like every moving sector.
            if (joined || s.wf() == 0) {
                pairs.add(s);
            }
        }
        return new SectorGraph(variant, Collections.unmodifiableList(order), Collections.unmodifiableMap(frozen),
            Collections.unmodifiableMap(partners), Collections.unmodifiableSet(pairs));
    }

    public Variant variant() {
        return variant;
    }

    public int men() {
        return variant.men();
    }

    /** Every sector of the game, in a solve order: each after every sector its moves lead to, but its pair. */
    public List<Sector> sectors() {
        return order;
    }

    public boolean contains(Sector s) {
        return successors.containsKey(s);
    }

    /** The sectors moves from {@code s} lead to, within this game, the ones taking no man first. */
    public List<Sector> successors(Sector s) {
        List<Sector> next = successors.get(s);
        if (next == null) {
            throw new IllegalArgumentException("sector " + s + " is not in the game of " + variant);
        }
        return next;
    }

    /**
     * Whether {@code s} is solved as (half of) a pair, by propagation: a board move taking no man
     * joins it and its colour swap (itself when W = B and WF = BF), or its mover holds no man
     * (a moving sector). Otherwise the mover must place, every move leaves the sector and each
     * position is the best of its children.
     */
    public boolean isPair(Sector s) {
        successors(s);
        return pairs.contains(s);
    }

    /**
     * The sector solved together with {@code s}: its colour swap when a board move taking no man
     * joins them, or {@code s} itself (a placing sector whose moves all leave it, or a pair of one).
     */
    public Sector partner(Sector s) {
        successors(s);
        return partners.get(s);
    }

    /** The sectors {@code s} depends on: its successors other than itself, partner included. */
    public List<Sector> dependsOn(Sector s) {
        List<Sector> d = new ArrayList<>();
        for (Sector t : successors(s)) {
            if (!t.equals(s)) {
                d.add(t);
            }
        }
        return d;
    }

    /** {@code targets} and everything they depend on, transitively, in solve order. */
    public List<Sector> closure(List<Sector> targets) {
        TreeSet<Sector> need = new TreeSet<>();
        Deque<Sector> todo = new ArrayDeque<>(targets);
        while (!todo.isEmpty()) {
            Sector s = todo.poll();
            if (need.add(s)) {
                todo.addAll(successors(s));
                todo.add(partner(s));
            }
        }
        return new ArrayList<>(need);
    }
}
