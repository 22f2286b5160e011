package org.merrills.rules;

import java.util.Locale;

/** Which enemy man a side that closes a mill may take. */
public enum Removal {
    /** Any enemy man outside every mill; any enemy man at all when each stands in a mill. */
    OUTSIDE_MILLS_ELSE_ANY;

    /** The enemy men that may be taken, as a mask (none when the enemy has no man on the board). */
    public int removable(Geometry board, int enemy) {
        int outside = enemy & ~board.inMills(enemy);
        return outside != 0 ? outside : enemy;
    }

    /** {@code outside-mills-else-any}, as the fingerprint writes it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
