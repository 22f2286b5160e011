package org.merrills.rules;

/**
 * The rule switches a game is played under: how many men each side starts with (9 in the
 * standard game; 3 to 9 for the smaller games the solver also builds) and whether a side reduced
 * to three men flies. One value object instead of copies of the code; the database records its
 * {@link #fingerprint()} so that values solved under one set of rules are never read as another.
 */
public record Variant(int men, boolean flying) {
    /** Nine Men's Morris as Malom solves it: nine men each, flying on. */
    public static final Variant STANDARD = new Variant(9, true);

    public static final int MIN_MEN = 3;
    public static final int MAX_MEN = 9;

    public Variant {
        if (men < MIN_MEN || men > MAX_MEN) {
            throw new IllegalArgumentException("men per side must be 3 to 9, got " + men);
        }
    }

    public static Variant of(int men, boolean flying) {
        return new Variant(men, flying);
    }

    /**
     * A stable text naming every rule switch, stored in each database file's header. Changing a
     * rule changes this string, so old files are refused rather than misread.
     */
    public String fingerprint() {
        return "morris/men=" + men + "/flying=" + (flying ? "on" : "off")
            + "/capture=outside-mills-else-any/end=fewer-than-3-or-no-move";
    }

    /** The variant a {@link #fingerprint()} names, or an exception when the text is no fingerprint of this program. */
    public static Variant fromFingerprint(String fingerprint) {
        for (int men = MIN_MEN; men <= MAX_MEN; men++) {
            for (boolean flying : new boolean[] {true, false}) {
                Variant v = new Variant(men, flying);
                if (v.fingerprint().equals(fingerprint)) {
                    return v;
                }
            }
        }
        throw new IllegalArgumentException("unknown rule fingerprint '" + fingerprint + "' (solved by another version?)");
    }

    @Override
    public String toString() {
        return men + " men each, flying " + (flying ? "on" : "off");
    }
}
