package org.merrills.index;

import org.merrills.rules.Variant;

/**
 * A sector: the positions with the same counts {@code W-B-WF-BF}, the men on board of the side
 * to move and of the opponent, then the men in hand of the side to move and of the opponent. The
 * side to move is always normalised to white; the real colour matters only at the edges.
 *
 * <p>Every move leads out of a sector into one of at most four others (see {@link Edges}),
 * which is what makes the sector the unit of solving and of storage.
 */
public record Sector(int w, int b, int wf, int bf) implements Comparable<Sector> {
    /** The most men a side has on board and in hand in any variant (Morabaraba's twelve). */
    public static final int MOST_MEN = Variant.MOST_MEN;

    public Sector {
        if (w < 0 || b < 0 || wf < 0 || bf < 0 || w + b > 24 || w + wf > MOST_MEN || b + bf > MOST_MEN) {
            throw new IllegalArgumentException("not a sector: " + w + "-" + b + "-" + wf + "-" + bf
                + " (men on board and in hand are 0 to " + MOST_MEN + " a side, at most 24 on the board)");
        }
    }

    /** Reads {@code W-B-WF-BF}, for example {@code 8-9-0-0}. */
    public static Sector parse(String name) {
        String[] f = name == null ? new String[0] : name.trim().split("-", -1);
        if (f.length != 4) {
            throw new IllegalArgumentException("a sector is W-B-WF-BF (men on board of the side to move and "
                + "of the opponent, then their men in hand), for example 8-9-0-0; got '" + name + "'");
        }
        int[] v = new int[4];
        for (int i = 0; i < 4; i++) {
            if (!f[i].matches("[0-9]{1,2}")) {
                throw new IllegalArgumentException("sector '" + name + "': field " + (i + 1)
                    + " must be a whole number 0 to " + MOST_MEN + ", got '" + f[i] + "'");
            }
            v[i] = Integer.parseInt(f[i]);
        }
        return new Sector(v[0], v[1], v[2], v[3]);
    }

    /** The sector of a position with the given counts, seen from the side to move. */
    public static Sector of(int ownOnBoard, int enemyOnBoard, int ownHand, int enemyHand) {
        return new Sector(ownOnBoard, enemyOnBoard, ownHand, enemyHand);
    }

    /** Whether the side to move still has men to place. */
    public boolean isPlacing() {
        return wf > 0;
    }

    /** Moving sectors have no men in hand on either side. */
    public boolean isMoving() {
        return wf == 0 && bf == 0;
    }

    /** The sector reached by a move that keeps every man: the colours swap. */
    public Sector mirror() {
        return new Sector(b, w, bf, wf);
    }

    /** Men on board and in hand of both sides. */
    public int totalMen() {
        return w + b + wf + bf;
    }

    /** {@code W-B-WF-BF}. */
    public String name() {
        return w + "-" + b + "-" + wf + "-" + bf;
    }

    @Override
    public String toString() {
        return name();
    }

    /** Solve order: fewer men first, then fewer in hand, then by name. */
    @Override
    public int compareTo(Sector o) {
        int c = Integer.compare(totalMen(), o.totalMen());
        if (c != 0) {
            return c;
        }
        c = Integer.compare(wf + bf, o.wf + o.bf);
        if (c != 0) {
            return c;
        }
        return name().compareTo(o.name());
    }
}
