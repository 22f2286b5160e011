package org.merrills.index;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The sectors of the game with N men each and the moves between them. Moves lead from a sector
 * {@code W-B-WF-BF} only to
 * <ul>
 *   <li>placing: {@code B-(W+1)-BF-(WF-1)}, or {@code (B-1)-(W+1)-BF-(WF-1)} with a capture;</li>
 *   <li>moving or flying: {@code B-W-0-0}, or {@code (B-1)-W-0-0} with a capture,</li>
 * </ul>
 * and only where the new side to move still has at least three men on board and in hand (a capture
 * that leaves fewer ends the game instead). The game is what is reachable from {@code 0-0-N-N}.
 *
 * <p>Every edge goes to fewer men, or to fewer men in hand, except the move between a moving sector
 * {@code W-B-0-0} and its mirror {@code B-W-0-0}: those two are solved together, and sorting by
 * {@link Sector#compareTo} is a solve order.
 */
public final class SectorGraph {
    private final int men;
    private final List<Sector> order;
    private final Map<Sector, List<Sector>> successors;

    private SectorGraph(int men, List<Sector> order, Map<Sector, List<Sector>> successors) {
        this.men = men;
        this.order = order;
        this.successors = successors;
    }

    /** The game with {@code men} men each, 3 to 9. */
    public static SectorGraph of(int men) {
        if (men < 3 || men > 9) {
            throw new IllegalArgumentException("men per side must be 3 to 9, got " + men);
        }
        Map<Sector, List<Sector>> succ = new LinkedHashMap<>();
        Deque<Sector> todo = new ArrayDeque<>();
        Sector start = new Sector(0, 0, men, men);
        succ.put(start, null);
        todo.add(start);
        while (!todo.isEmpty()) {
            Sector s = todo.poll();
            List<Sector> next = successorsOf(s);
            succ.put(s, next);
            for (Sector t : next) {
                if (!succ.containsKey(t)) {
                    succ.put(t, null);
                    todo.add(t);
                }
            }
        }
        List<Sector> order = new ArrayList<>(new TreeSet<>(succ.keySet()));
        Map<Sector, List<Sector>> frozen = new LinkedHashMap<>();
        for (Sector s : order) {
            frozen.put(s, succ.get(s));
        }
        return new SectorGraph(men, Collections.unmodifiableList(order), Collections.unmodifiableMap(frozen));
    }

    /** The sectors a move from {@code s} can lead to, the non-capturing one first. */
    public static List<Sector> successorsOf(Sector s) {
        List<Sector> next = new ArrayList<>(2);
        if (s.wf() > 0) {
            add(next, s.b(), s.w() + 1, s.bf(), s.wf() - 1);
            if (s.b() > 0) {
                add(next, s.b() - 1, s.w() + 1, s.bf(), s.wf() - 1);
            }
        } else {
            add(next, s.b(), s.w(), s.bf(), 0);
            if (s.b() > 0) {
                add(next, s.b() - 1, s.w(), s.bf(), 0);
            }
        }
        return next;
    }

    private static void add(List<Sector> next, int w, int b, int wf, int bf) {
        if (w + wf >= 3 && w + b <= 24) {
            next.add(new Sector(w, b, wf, bf));
        }
    }

    public int men() {
        return men;
    }

    /** Every sector of the game, in a solve order: each after every sector its moves lead to, but its pair. */
    public List<Sector> sectors() {
        return order;
    }

    public boolean contains(Sector s) {
        return successors.containsKey(s);
    }

    /** The sectors moves from {@code s} lead to, within this game. */
    public List<Sector> successors(Sector s) {
        List<Sector> next = successors.get(s);
        if (next == null) {
            throw new IllegalArgumentException("sector " + s + " is not in the game with " + men + " men each");
        }
        return next;
    }

    /**
     * The sector solved together with {@code s}: the mirror of a moving sector (itself when W = B),
     * or {@code s} itself for a placing sector, whose moves all leave it.
     */
    public Sector partner(Sector s) {
        return s.isMoving() ? s.mirror() : s;
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
