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
        for (int men = 3; men <= 9; men++) {
            for (boolean flying : new boolean[] {true, false}) {
                Variant v = Variant.standard(men, flying);
                assertEquals(v, Variant.fromFingerprint(v.fingerprint()));
                seen.add(v.fingerprint());
            }
        }
        assertEquals(14, seen.size());
        assertNotEquals(Variant.standard(9, true).fingerprint(), Variant.standard(9, false).fingerprint());
        assertThrows(IllegalArgumentException.class, () -> Variant.fromFingerprint("morris/men=10"));
        assertThrows(IllegalArgumentException.class, () -> Variant.standard(2, true));
        assertThrows(IllegalArgumentException.class, () -> Variant.standard(10, true));
    }
}
