package org.merrills.index;

import org.merrills.rules.Variant;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SectorGraphTest {
    /** The sectors reachable from 0-0-N-N, walked depth first over int[4] counts, straight from the issue's rules. */
    private static Set<String> walk(int men) {
        Set<String> seen = new HashSet<>();
        visit(new int[] {0, 0, men, men}, seen);
        return seen;
    }

    private static void visit(int[] s, Set<String> seen) {
        if (!seen.add(s[0] + "-" + s[1] + "-" + s[2] + "-" + s[3])) {
            return;
        }
        int w = s[0], b = s[1], wf = s[2], bf = s[3];
        List<int[]> next = new ArrayList<>();
        if (wf > 0) {
            next.add(new int[] {b, w + 1, bf, wf - 1});
            next.add(new int[] {b - 1, w + 1, bf, wf - 1});
        } else {
            next.add(new int[] {b, w, 0, 0});
            next.add(new int[] {b - 1, w, 0, 0});
        }
        for (int[] t : next) {
            if (t[0] >= 0 && t[0] + t[2] >= 3) {
                visit(t, seen);
            }
        }
    }

    @Test
    void sectorCountsOfTheIssue() {
        int[] expected = {0, 0, 0, 7, 28, 68, 131, 0, 0, 498};
        for (int men : new int[] {3, 4, 5, 6, 9}) {
            Set<String> names = new HashSet<>();
            for (Sector s : SectorGraph.of(Variant.standard(men, true)).sectors()) {
                names.add(s.name());
            }
            assertEquals(expected[men], names.size(), men + " men");
            assertEquals(walk(men), names, men + " men");
        }
        assertEquals(walk(7).size(), SectorGraph.of(Variant.standard(7, true)).sectors().size());
        assertEquals(walk(8).size(), SectorGraph.of(Variant.standard(8, true)).sectors().size());
    }

    @Test
    void theSevenSectorsOfThreeMenByHand() {
        // 3 men each: place 3 + 3 (6 placing sectors, a capture leaves the opponent below three), then 3-3-0-0
        List<String> names = SectorGraph.of(Variant.standard(3, true)).sectors().stream().map(Sector::name).sorted().toList();
        assertEquals(List.of("0-0-3-3", "0-1-3-2", "1-1-2-2", "1-2-2-1", "2-2-1-1", "2-3-1-0", "3-3-0-0"), names);
    }

    @Test
    void everySectorComesAfterWhatItsMovesLeadToButItsPartner() {
        for (int men = 3; men <= 9; men++) {
            SectorGraph graph = SectorGraph.of(Variant.standard(men, true));
            Map<Sector, Integer> position = new HashMap<>();
            List<Sector> order = graph.sectors();
            for (int i = 0; i < order.size(); i++) {
                position.put(order.get(i), i);
            }
            for (Sector s : order) {
                for (Sector t : graph.successors(s)) {
                    assertTrue(graph.contains(t));
                    if (t.equals(graph.partner(s))) {
                        assertTrue(s.isMoving() && t.equals(s.mirror()), s + " -> " + t);
                    } else {
                        assertTrue(position.get(t) < position.get(s), s + " comes after " + t);
                    }
                }
            }
        }
    }

    @Test
    void movingSectorsPairWithTheirMirror() {
        SectorGraph graph = SectorGraph.of(Variant.standard(9, true));
        Sector s = Sector.parse("8-7-0-0");
        assertEquals(Sector.parse("7-8-0-0"), graph.partner(s));
        assertEquals(List.of(Sector.parse("7-8-0-0"), Sector.parse("6-8-0-0")), graph.successors(s));
        assertEquals(List.of(Sector.parse("7-8-0-0"), Sector.parse("6-8-0-0")), graph.dependsOn(s));
        Sector even = Sector.parse("5-5-0-0");
        assertEquals(even, graph.partner(even));
        assertEquals(List.of(Sector.parse("4-5-0-0")), graph.dependsOn(even));
        Sector placing = Sector.parse("4-4-5-5");
        assertEquals(placing, graph.partner(placing));
        assertEquals(List.of(Sector.parse("4-5-5-4"), Sector.parse("3-5-5-4")), graph.successors(placing));
        assertFalse(graph.contains(Sector.parse("2-2-0-0")));
        assertThrows(IllegalArgumentException.class, () -> graph.successors(Sector.parse("2-2-0-0")));
    }

    @Test
    void closureHoldsEverythingNeededInSolveOrder() {
        SectorGraph graph = SectorGraph.of(Variant.standard(9, true));
        List<Sector> need = graph.closure(List.of(Sector.parse("3-4-0-0")));
        assertEquals(List.of(Sector.parse("3-3-0-0"), Sector.parse("3-4-0-0"), Sector.parse("4-3-0-0")), need);
    }
}
