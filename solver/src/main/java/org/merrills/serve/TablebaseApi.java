package org.merrills.serve;

import java.nio.file.Path;
import org.merrills.probe.MissingSectorException;
import org.merrills.probe.PerfectLine;
import org.merrills.probe.Probe;
import org.merrills.probe.json.BoardReport;
import org.merrills.probe.json.DatabaseReport;
import org.merrills.probe.json.Json;
import org.merrills.probe.json.LineReport;
import org.merrills.probe.json.PositionReport;
import org.merrills.probe.json.Reports;
import org.merrills.rules.Notation;
import org.merrills.rules.NotationException;
import org.merrills.rules.Position;

/**
 * The API's answers without HTTP: a request's parameters in, a report or an {@link ApiException}
 * out. Every refusal of bad input is decided here, so the HTTP layer only routes and writes (and
 * the benchmark measures this class without a network).
 */
public final class TablebaseApi {
    private final Probe probe;
    private final Limits limits;
    private final byte[] board;

    public TablebaseApi(Probe probe, Limits limits) {
        this.probe = probe;
        this.limits = limits;
        this.board = Json.bytes(BoardReport.of(probe.variant().board()));
    }

    public Limits limits() {
        return limits;
    }

    /** {@code GET /v1/probe?position=...}: the position, its value and its moves, best first. */
    public PositionReport probe(String positionText) {
        Position p = parse(positionText, "position");
        return guarded(() -> Reports.probed(probe, p));
    }

    /** The probe answer as JSON bytes: what the server writes. */
    public byte[] probeJson(String positionText) {
        return Json.bytes(probe(positionText));
    }

    /**
     * {@code GET /v1/moves?position=...}: the position and its legal moves in generate order, with
     * no values: what the rules alone say. It never reads the database, so a board stays playable
     * where the probe answers 404, on a database still being solved (the opening's sector is
     * the last one the whole game solves) or one solved for some sectors only. A position the
     * game never reaches is refused as the probe refuses it.
     */
    public PositionReport moves(String positionText) {
        Position p = parse(positionText, "position");
        return guarded(() -> {
            probe.requireInGame(p);
            return Reports.unprobed(p, probe.variant());
        });
    }

    /** {@code GET /v1/mainline?position=...&plies=N}: the perfect line; a drawn one for N plies (default 20). */
    public LineReport mainline(String positionText, String pliesText) {
        Position p = parse(positionText, "position");
        int plies = 20;
        if (pliesText != null) {
            if (!pliesText.matches("[0-9]{1,6}") || Integer.parseInt(pliesText) > limits.maxDrawPlies()) {
                throw ApiException.of(400, "plies", "plies: expected a whole number from 0 to " + limits.maxDrawPlies()
                    + ", got '" + abbreviate(pliesText) + "'");
            }
            plies = Integer.parseInt(pliesText);
        }
        int drawPlies = plies;
        return guarded(() -> Reports.line(p, PerfectLine.from(probe, p, drawPlies)));
    }

    /** {@code GET /v1/database}: what the directory holds now. */
    public DatabaseReport database() {
        Path dir = probe.directory();
        return DatabaseReport.of(dir == null ? "(in memory)" : dir.toString(), probe.variant(), probe.catalogue());
    }

    /** {@code GET /v1/board}: the points, lines and mills (the same bytes every time). */
    public byte[] boardJson() {
        return board.clone();
    }

    /** One line of a bulk request, answered as one JSON line: the report, or the error naming the line. */
    public byte[] bulkLine(String line, int lineNo) {
        try {
            return Json.bytes(probe(line));
        } catch (ApiException e) {
            return Json.bytes(e.error().atLine(lineNo));
        }
    }

    private Position parse(String text, String field) {
        if (text == null) {
            throw ApiException.of(400, field, field + ": missing; give " + field
                + "=<board> <side> <white in hand> <black in hand>, for example '........................ w "
                + probe.variant().men() + " " + probe.variant().men() + "'");
        }
        if (text.length() > limits.maxLineChars()) {
            throw ApiException.of(400, field, field + ": " + text.length() + " characters, more than the "
                + limits.maxLineChars() + " a position may have");
        }
        try {
            return Notation.parsePosition(text, probe.variant().men());
        } catch (NotationException e) {
            throw ApiException.of(400, e.field(), e.getMessage());
        } catch (IllegalArgumentException e) {
            throw ApiException.of(400, field, field + ": " + e.getMessage());
        }
    }

    private interface Lookup<T> {
        T get();
    }

    /** Runs a lookup, turning the probe's refusals into answers: 404 for a missing sector, 400 for an impossible position. */
    private <T> T guarded(Lookup<T> lookup) {
        try {
            return lookup.get();
        } catch (MissingSectorException e) {
            throw new ApiException(new ApiError(null, 404, "position", e.getMessage(), e.sector().name(), e.command()));
        } catch (IllegalArgumentException e) {
            throw ApiException.of(400, "position", "position: " + e.getMessage());
        }
    }

    private static String abbreviate(String s) {
        return s.length() <= 20 ? s : s.substring(0, 20) + "...";
    }
}
