package org.merrills.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.merrills.index.BoardIndexes;
import org.merrills.index.Indexes;
import org.merrills.index.Sector;
import org.merrills.probe.json.Json;
import org.merrills.index.SectorGraph;
import org.merrills.index.SymmetryClasses;
import org.merrills.rules.Variant;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code merrills sectors}: the sectors of a game, in solve order, with the size of their index,
 * their number of symmetry classes (Burnside, independent of the index) and the sectors their
 * moves lead to. The two numbers side by side show the index's slack (none for the folding index).
 */
@Command(name = "sectors", mixinStandardHelpOptions = true,
    description = {"Lists the sectors W-B-WF-BF of a variant's game with N men each (men on board of the side "
        + "to move and of the opponent, then their men in hand), in solve order: each with its index "
        + "size, its number of positions up to the 16 board symmetries, and the sectors it depends on "
        + "(where its moves lead, other than itself; for a moving sector that includes its mirror), "
        + "and the sector it is solved with as a pair (its colour swap, or itself; '-' for a placing "
        + "sector whose moves all leave it). Then the totals.",
        "Builds the index tables of every board of the game (a few seconds for 9 men)."})
public final class SectorsCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    RuleOptions rules;

    @Option(names = "--json", description = "Print only one JSON array, one object per sector with the fields "
        + "sector, white, black, whiteInHand, blackInHand, size, classes, dependsOn.")
    boolean json;

    /** The indexes whose sizes are listed; the shared folding indexes unless a test says otherwise. */
    BoardIndexes indexes = Indexes.standard();

    /** One sector in {@code --json}. */
    record SectorRow(String sector, int white, int black, int whiteInHand, int blackInHand, long size, long classes,
                     List<String> dependsOn) {
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        Variant variant;
        try {
            variant = rules.variant();
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("merrills sectors: " + e.getMessage());
            return 2;
        }
        SectorGraph graph = SectorGraph.of(variant);
        long totalSize = 0, totalClasses = 0, worstExcess = 0;
        double worstSlack = 0;
        List<SectorRow> jsonRows = new ArrayList<>();
        if (!json) {
            out.printf(Locale.ROOT, "%-9s %13s %13s  %-11s %s%n", "sector", "size", "classes", "pair", "depends on");
        }
        for (Sector s : graph.sectors()) {
            long size = indexes.of(s).size();
            long classes = SymmetryClasses.of(s);
            totalSize += size;
            totalClasses += classes;
            double slack = (double) (size - classes) / classes;
            if (slack > worstSlack) {
                worstSlack = slack;
                worstExcess = size - classes;
            }
            List<Sector> deps = graph.dependsOn(s);
            if (json) {
                jsonRows.add(new SectorRow(s.name(), s.w(), s.b(), s.wf(), s.bf(), size, classes,
                    deps.stream().map(Sector::name).toList()));
            } else {
                StringBuilder names = new StringBuilder();
                for (Sector d : deps) {
                    names.append(names.length() == 0 ? "" : " ").append(d.name());
                }
                out.printf(Locale.ROOT, "%-9s %13d %13d  %-11s %s%n", s.name(), size, classes,
                    graph.isPair(s) ? graph.partner(s).name() : "-", names.length() == 0 ? "-" : names);
            }
        }
        if (json) {
            out.println(Json.line(jsonRows));
        } else {
            out.printf(Locale.ROOT, "total: %d sectors, %d index slots, %d classes, slack %.4f %% "
                    + "(worst sector %.4f %%, %d slots)%n", graph.sectors().size(), totalSize, totalClasses,
                100.0 * (totalSize - totalClasses) / totalClasses, 100.0 * worstSlack, worstExcess);
        }
        out.flush();
        return 0;
    }
}
