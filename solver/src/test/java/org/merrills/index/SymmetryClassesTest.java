package org.merrills.index;

import org.merrills.rules.Variant;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SymmetryClassesTest {
    /** Counts the positions that are the smallest of their 16 images, point by point. */
    static long bruteForce(int own, int enemy) {
        int[][] perm = new int[16][];
        for (int g = 0; g < 16; g++) {
            perm[g] = Symmetries.permutation(g);
        }
        long count = 0;
        PlainIndex plain = new PlainIndex(own, enemy);
        for (long i = 0; i < plain.size(); i++) {
            long packed = plain.unrank(i);
            boolean smallest = true;
            for (int g = 1; g < 16 && smallest; g++) {
                long img = 0;
                for (int p = 0; p < 48; p++) {
                    if ((packed >>> p & 1) != 0) {
                        img |= 1L << (p < 24 ? perm[g][p] : 24 + perm[g][p - 24]);
                    }
                }
                smallest = img >= packed;
            }
            if (smallest) {
                count++;
            }
        }
        return count;
    }

    @Test
    void burnsideAgreesWithABruteForceCount() {
        for (int w = 0; w <= 4; w++) {
            for (int b = 0; w + b <= 5; b++) {
                assertEquals(bruteForce(w, b), SymmetryClasses.of(w, b), "board " + w + "-" + b);
            }
        }
        assertEquals(bruteForce(2, 4), SymmetryClasses.of(2, 4));
        assertEquals(bruteForce(3, 3), SymmetryClasses.of(3, 3));
    }

    @Test
    void knownCounts() {
        assertEquals(1, SymmetryClasses.of(0, 0));
        // one man: the orbits are the outer and inner corners (8), the outer and inner midpoints (8),
        // the middle corners (4) and the middle midpoints (4)
        assertEquals(4, SymmetryClasses.of(1, 0));
        assertEquals(169_626, SymmetryClasses.of(3, 3)); // from the issue
        assertEquals(591_726_690, SymmetryClasses.of(8, 8)); // from the issue
        assertEquals(SymmetryClasses.of(3, 5), SymmetryClasses.of(5, 3));
    }

    @Test
    void theStandardGameHasTheClassCountOfTheIssue() {
        long total = 0;
        for (Sector s : SectorGraph.of(Variant.standard(9, true)).sectors()) {
            total += SymmetryClasses.of(s);
        }
        assertEquals(26_761_334_939L, total);
    }
}
