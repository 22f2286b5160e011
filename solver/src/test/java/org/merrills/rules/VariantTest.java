package org.merrills.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class VariantTest {
    @Test
    void everyRuleSwitchChangesTheFingerprintAndItReadsBack() {
        Set<String> seen = new HashSet<>();
        for (String name : Variant.NAMES) {
            Variant full = Variant.named(name, null, true);
            for (int men = 3; men <= full.fullMen(); men++) {
                for (boolean flying : new boolean[] {true, false}) {
                    Variant v = Variant.named(name, men, flying);
                    assertEquals(v, Variant.fromFingerprint(v.fingerprint()));
                    seen.add(v.fingerprint());
                }
            }
        }
        // 3..9, 3..10 and 3..12 men, each with flying on and off.
        assertEquals(2 * (7 + 8 + 10), seen.size());
        assertNotEquals(Variant.standard(9, true).fingerprint(), Variant.standard(9, false).fingerprint());
        assertThrows(IllegalArgumentException.class, () -> Variant.fromFingerprint("morris/men=10"));
        assertThrows(IllegalArgumentException.class, () -> Variant.standard(2, true));
        assertThrows(IllegalArgumentException.class, () -> Variant.standard(10, true));
        assertThrows(IllegalArgumentException.class, () -> Variant.lasker(11, true));
        assertThrows(IllegalArgumentException.class, () -> Variant.morabaraba(13, true));
        assertThrows(IllegalArgumentException.class, () -> Variant.named("mill", 9, true));
    }

    /** The standard game's fingerprint is the one every existing database carries, letter for letter. */
    @Test
    void theStandardFingerprintIsUnchanged() {
        for (int men = 3; men <= 9; men++) {
            assertEquals("morris/men=" + men + "/flying=on/capture=outside-mills-else-any/end=fewer-than-3-or-no-move",
                Variant.standard(men, true).fingerprint());
            assertEquals("morris/men=" + men + "/flying=off/capture=outside-mills-else-any/end=fewer-than-3-or-no-move",
                Variant.standard(men, false).fingerprint());
        }
    }

    /** Lasker's says what differs: a side holding men may place or move. */
    @Test
    void theLaskerFingerprintNamesPlaceOrMove() {
        assertEquals("lasker/men=10/flying=on/hand=place-or-move/capture=outside-mills-else-any/end=fewer-than-3-or-no-move",
            Variant.LASKER.fingerprint());
        assertEquals(Variant.LASKER, Variant.fromFingerprint(Variant.LASKER.fingerprint()));
    }

    /** Morabaraba's names the board with diagonals and the full-board rule. */
    @Test
    void theMorabarabaFingerprintNamesTheBoardAndTheFullBoardRule() {
        assertEquals("morabaraba/men=12/flying=on/board=morabaraba/capture=outside-mills-else-any"
            + "/end=fewer-than-3-or-no-move/full-board=draw", Variant.MORABARABA.fingerprint());
        assertEquals(FullBoard.DRAW, Variant.MORABARABA.fullBoard());
        assertEquals(FullBoard.LOSS, Variant.STANDARD.fullBoard());
    }

    @Test
    void fullCountsAndRules() {
        assertEquals(9, Variant.STANDARD.men());
        assertEquals(10, Variant.LASKER.men());
        assertEquals(12, Variant.MORABARABA.men());
        assertEquals(Placing.PLACE_OR_MOVE, Variant.LASKER.placing());
        assertEquals(Placing.MUST_PLACE, Variant.MORABARABA.placing());
        assertEquals(Position.opening(12), Variant.MORABARABA.opening());
        assertEquals("........................ w 10 10", Variant.LASKER.opening().toString());
    }
}
