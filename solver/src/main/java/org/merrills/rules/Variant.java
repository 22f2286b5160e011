package org.merrills.rules;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * A rule set: everything a rule can vary, in one value. The board (points, lines, mills), the men
 * each side starts with, whether a side holding men must place or may also move, whether a side
 * flies (the flying condition itself is fixed: men on board plus in hand exactly three, see
 * {@link MoveGenerator#flies}), which man a mill takes, and what a full board is worth. The
 * three games Malom solved are {@link #standard}, {@link #lasker} and {@link #morabaraba}; each
 * can be played with fewer men (3 up to its full count) and without flying.
 *
 * <p>The database records the {@link #fingerprint()} so that values solved under one rule set are
 * never read as another. The standard game's fingerprint is the one this program always wrote.
 */
public final class Variant {
    /** The fewest men a side can start with: fewer is a game already over. */
    public static final int MIN_MEN = 3;
    /** The most men a side starts with in any variant (Morabaraba's twelve). */
    public static final int MOST_MEN = 12;
    /** The names {@link #named} accepts, in the order the CLI lists them. */
    public static final List<String> NAMES = List.of("standard", "lasker", "morabaraba");

    /** Nine Men's Morris as Malom solves it: nine men each, flying on. */
    public static final Variant STANDARD = standard(9, true);
    /** Lasker Morris: ten men each, a side holding men may place or move. */
    public static final Variant LASKER = lasker(10, true);
    /** Morabaraba: twelve men each, the diagonal board, a full board is a draw. */
    public static final Variant MORABARABA = morabaraba(12, true);

    private final String name;
    private final Geometry board;
    private final int men;
    private final int fullMen;
    private final Placing placing;
    private final boolean flying;
    private final Removal removal;
    private final FullBoard fullBoard;
    private final MoveGenerator moves;

    private Variant(String name, Geometry board, int men, int fullMen, Placing placing, boolean flying,
                    Removal removal, FullBoard fullBoard) {
        if (men < MIN_MEN || men > fullMen) {
            throw new IllegalArgumentException("men per side must be " + MIN_MEN + " to " + fullMen + " in " + name
                + ", got " + men);
        }
        this.name = name;
        this.board = board;
        this.men = men;
        this.fullMen = fullMen;
        this.placing = placing;
        this.flying = flying;
        this.removal = removal;
        this.fullBoard = fullBoard;
        this.moves = new MoveGenerator(this);
    }

    /** Nine Men's Morris with {@code men} men each (3 to 9). */
    public static Variant standard(int men, boolean flying) {
        return new Variant("standard", Geometry.STANDARD, men, 9, Placing.MUST_PLACE, flying,
            Removal.OUTSIDE_MILLS_ELSE_ANY, FullBoard.LOSS);
    }

    /** Lasker Morris with {@code men} men each (3 to 10). */
    public static Variant lasker(int men, boolean flying) {
        return new Variant("lasker", Geometry.STANDARD, men, 10, Placing.PLACE_OR_MOVE, flying,
            Removal.OUTSIDE_MILLS_ELSE_ANY, FullBoard.LOSS);
    }

    /** Morabaraba with {@code men} men each (3 to 12). */
    public static Variant morabaraba(int men, boolean flying) {
        return new Variant("morabaraba", Geometry.MORABARABA, men, 12, Placing.MUST_PLACE, flying,
            Removal.OUTSIDE_MILLS_ELSE_ANY, FullBoard.DRAW);
    }

    /**
     * The variant of a name ({@code standard}, {@code lasker}, {@code morabaraba}, any case) with
     * {@code men} men each, or its full count when {@code men} is null.
     */
    public static Variant named(String name, Integer men, boolean flying) {
        String n = name == null ? "" : name.toLowerCase(Locale.ROOT);
        Variant full;
        switch (n) {
            case "standard":
                full = STANDARD;
                break;
            case "lasker":
                full = LASKER;
                break;
            case "morabaraba":
                full = MORABARABA;
                break;
            default:
                throw new IllegalArgumentException("unknown variant '" + name + "'; expected one of " + String.join(", ", NAMES));
        }
        return full.with(men == null ? full.men : men, flying);
    }

    /** The same rules with {@code men} men each and flying as given. */
    public Variant with(int men, boolean flying) {
        return new Variant(name, board, men, fullMen, placing, flying, removal, fullBoard);
    }

    /** {@code standard}, {@code lasker} or {@code morabaraba}. */
    public String name() {
        return name;
    }

    public Geometry board() {
        return board;
    }

    public int men() {
        return men;
    }

    /** The men each side starts with in the full game of this variant (9, 10 or 12). */
    public int fullMen() {
        return fullMen;
    }

    public Placing placing() {
        return placing;
    }

    public boolean flying() {
        return flying;
    }

    public Removal removal() {
        return removal;
    }

    public FullBoard fullBoard() {
        return fullBoard;
    }

    /** The move generator of these rules: the one place every rule is applied. */
    public MoveGenerator moves() {
        return moves;
    }

    /** The opening: an empty board, white to move, {@link #men()} men in each hand. */
    public Position opening() {
        return Position.opening(men);
    }

    /**
     * A stable text naming every rule, stored in each database file's header. Changing a rule
     * changes this string, so old files are refused rather than misread. The standard game's is
     * {@code morris/men=N/flying=on|off/capture=outside-mills-else-any/end=fewer-than-3-or-no-move},
     * as it always was; the other games add what differs.
     */
    public String fingerprint() {
        return (name.equals("standard") ? "morris" : name) + "/men=" + men + "/flying=" + (flying ? "on" : "off")
            + (placing == Placing.PLACE_OR_MOVE ? "/hand=place-or-move" : "")
            + (board == Geometry.STANDARD ? "" : "/board=" + board.name())
            + "/capture=" + removal.label() + "/end=fewer-than-3-or-no-move"
            + (fullBoard == FullBoard.DRAW ? "/full-board=draw" : "");
    }

    /** The variant a {@link #fingerprint()} names, or an exception when the text is no fingerprint of this program. */
    public static Variant fromFingerprint(String fingerprint) {
        for (String n : NAMES) {
            Variant full = named(n, null, true);
            for (int m = MIN_MEN; m <= full.fullMen; m++) {
                for (boolean f : new boolean[] {true, false}) {
                    Variant v = full.with(m, f);
                    if (v.fingerprint().equals(fingerprint)) {
                        return v;
                    }
                }
            }
        }
        throw new IllegalArgumentException("unknown rule fingerprint '" + fingerprint + "' (solved by another version?)");
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Variant v && v.name.equals(name) && v.men == men && v.flying == flying;
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, men, flying);
    }

    /** {@code standard, 9 men each, flying on}. */
    @Override
    public String toString() {
        return name + ", " + men + " men each, flying " + (flying ? "on" : "off");
    }
}
