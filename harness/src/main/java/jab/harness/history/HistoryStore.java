package jab.harness.history;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The history's reads and writes. Each run is recorded in one transaction, whole or not at all; a run
 * whose identity is already there is left as it is (and a second writer that loses the race to the
 * same run finds the unique key taken, and records nothing either).
 */
public final class HistoryStore {
    private final HistoryDb db;

    public HistoryStore(HistoryDb db) {
        this.db = db;
    }

    /** A run as {@code jab history list} shows it. */
    public record Run(String key, String commit, String code, String time, String machine, String machineLabel, String profile,
                      String jdks, int ratios, double band) {
    }

    /** One point of a series: one run's ratio. */
    public record Point(String runKey, String commit, String time, String jdkBuild, double ratio, double low, double high, int forks,
                        String verdict) {
    }

    /**
     * One ratio of one question, with params fixed, on one machine and JDK: what a change point is looked for in.
     *
     * @param aName the variant a's display name (File.exists()), from the latest run that named it
     */
    public record Series(String question, String fixed, String jdk, String a, String b, String aName, String bName, String family,
                         boolean answer, boolean higherIsBetter, String machine, String machineLabel, List<Point> points) {
    }

    /** The history's file or URL, for messages. */
    public String location() {
        return db.location();
    }

    /** Records a run; false when it was recorded before (nothing changes then). */
    public boolean add(RecordedRun run) throws SQLException {
        return add(run, 0);
    }

    /**
     * Records a run, then with {@code keep > 0} removes the runs of its machine beyond the newest
     * {@code keep}, in the same transaction: how a CI keeps its history bounded.
     */
    public boolean add(RecordedRun run, int keep) throws SQLException {
        try (Connection c = db.connect()) {
            try {
                boolean added = !exists(c, run.key());
                if (added) {
                    insert(c, run);
                }
                if (keep > 0) {
                    prune(c, run.machine().id(), keep);
                }
                c.commit();
                return added;
            } catch (SQLException e) {
                c.rollback();
                if (isDuplicate(e)) {
                    return false;
                }
                throw e;
            }
        }
    }

    /** A unique key taken: SQLSTATE class 23 (PostgreSQL), or SQLite's SQLITE_CONSTRAINT. */
    private static boolean isDuplicate(SQLException e) {
        return (e.getSQLState() != null && e.getSQLState().startsWith("23")) || e.getErrorCode() == 19;
    }

    private static boolean exists(Connection c, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM runs WHERE run_key = ?")) {
            s.setString(1, key);
            try (ResultSet r = s.executeQuery()) {
                return r.next();
            }
        }
    }

    private static void insert(Connection c, RecordedRun run) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO runs (run_key, code_commit, code, run_time, machine, machine_label, "
                + "host, profile, command, jab_version, band, source, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            int i = 1;
            s.setString(i++, run.key());
            s.setString(i++, run.commit());
            s.setString(i++, run.code());
            s.setString(i++, run.time());
            s.setString(i++, run.machine().id());
            s.setString(i++, run.machine().label());
            s.setString(i++, run.host());
            s.setString(i++, run.profile());
            s.setString(i++, run.command());
            s.setString(i++, run.jabVersion());
            s.setDouble(i++, run.band());
            s.setString(i++, run.source());
            s.setString(i, Instant.now().toString());
            s.executeUpdate();
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO run_jdks (run_key, jdk, build, vendor) VALUES (?, ?, ?, ?)")) {
            for (RecordedRun.Jdk j : run.jdks()) {
                s.setString(1, run.key());
                s.setString(2, j.id());
                s.setString(3, j.build());
                s.setString(4, j.vendor());
                s.addBatch();
            }
            s.executeBatch();
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO ratios (run_key, question, fixed, jdk, a, b, family, answer, "
                + "higher_is_better, ratio, low, high, forks, interval_over, verdict) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (RecordedRun.Ratio r : run.ratios()) {
                int i = 1;
                s.setString(i++, run.key());
                s.setString(i++, r.asked().question());
                s.setString(i++, r.asked().fixed());
                s.setString(i++, r.asked().jdk());
                s.setString(i++, r.a());
                s.setString(i++, r.b());
                s.setString(i++, r.family());
                s.setInt(i++, r.answer() ? 1 : 0);
                s.setInt(i++, r.higherIsBetter() ? 1 : 0);
                s.setDouble(i++, r.ratio());
                s.setDouble(i++, r.low());
                s.setDouble(i++, r.high());
                s.setInt(i++, r.forks());
                s.setString(i++, r.intervalOver());
                s.setString(i, r.verdict());
                s.addBatch();
            }
            s.executeBatch();
        }
        try (PreparedStatement s = c.prepareStatement("INSERT INTO scores (run_key, question, fixed, jdk, variant, name, unit, score, forks) "
                + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (RecordedRun.Score r : run.scores()) {
                int i = 1;
                s.setString(i++, run.key());
                s.setString(i++, r.asked().question());
                s.setString(i++, r.asked().fixed());
                s.setString(i++, r.asked().jdk());
                s.setString(i++, r.variant());
                s.setString(i++, r.name());
                s.setString(i++, r.unit());
                s.setDouble(i++, r.score());
                s.setInt(i, r.forks());
                s.addBatch();
            }
            s.executeBatch();
        }
    }

    /** Removes a machine's runs older than its newest {@code keep} (their ratios and scores with them). */
    private static void prune(Connection c, String machine, int keep) throws SQLException {
        List<String> old = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement("SELECT run_key FROM runs WHERE machine = ? ORDER BY run_time DESC, run_key DESC")) {
            s.setString(1, machine);
            try (ResultSet r = s.executeQuery()) {
                for (int n = 0; r.next(); n++) {
                    if (n >= keep) {
                        old.add(r.getString(1));
                    }
                }
            }
        }
        for (String table : List.of("scores", "ratios", "run_jdks", "runs")) {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM " + table + " WHERE run_key = ?")) {
                for (String k : old) {
                    s.setString(1, k);
                    s.addBatch();
                }
                s.executeBatch();
            }
        }
    }

    /** Every run, oldest first (by the time it was measured). */
    public List<Run> runs() throws SQLException {
        try (Connection c = db.connect();
             PreparedStatement s = c.prepareStatement("SELECT r.run_key, r.code_commit, r.code, r.run_time, r.machine, r.machine_label, "
                     + "r.profile, (SELECT COUNT(*) FROM ratios x WHERE x.run_key = r.run_key), r.band "
                     + "FROM runs r ORDER BY r.run_time, r.run_key");
             ResultSet r = s.executeQuery()) {
            List<Run> out = new ArrayList<>();
            Map<String, String> jdks = jdks(c);
            while (r.next()) {
                out.add(new Run(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5), r.getString(6),
                        r.getString(7), jdks.getOrDefault(r.getString(1), ""), r.getInt(8), r.getDouble(9)));
            }
            return out;
        }
    }

    private static Map<String, String> jdks(Connection c) throws SQLException {
        Map<String, String> out = new LinkedHashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT run_key, jdk, build FROM run_jdks ORDER BY run_key, jdk");
             ResultSet r = s.executeQuery()) {
            while (r.next()) {
                out.merge(r.getString(1), r.getString(2) + " (" + r.getString(3) + ")", (x, y) -> x + ", " + y);
            }
        }
        return out;
    }

    /**
     * Every series with its points in the order measured, runs from {@code since} on (an ISO date or
     * time; null for all). A ratio's series is split by machine and JDK, never merged across them.
     */
    public List<Series> series(String since) throws SQLException {
        String sql = "SELECT x.question, x.fixed, x.jdk, x.a, x.b, x.family, x.answer, x.higher_is_better, r.machine, r.machine_label, "
                + "r.run_key, r.code_commit, r.run_time, COALESCE(j.build, ''), x.ratio, x.low, x.high, x.forks, x.verdict, "
                + "COALESCE(sa.name, x.a), COALESCE(sb.name, x.b) "
                + "FROM ratios x JOIN runs r ON r.run_key = x.run_key "
                + "LEFT JOIN run_jdks j ON j.run_key = x.run_key AND j.jdk = x.jdk "
                + "LEFT JOIN scores sa ON sa.run_key = x.run_key AND sa.question = x.question AND sa.fixed = x.fixed AND sa.jdk = x.jdk AND sa.variant = x.a "
                + "LEFT JOIN scores sb ON sb.run_key = x.run_key AND sb.question = x.question AND sb.fixed = x.fixed AND sb.jdk = x.jdk AND sb.variant = x.b "
                + (since == null ? "" : "WHERE r.run_time >= ? ")
                + "ORDER BY r.machine, x.jdk, x.question, x.fixed, x.a, x.b, r.run_time, r.run_key";
        Map<List<String>, Series> heads = new LinkedHashMap<>(); // each series' latest row: its names, its fields
        Map<List<String>, List<Point>> points = new LinkedHashMap<>();
        try (Connection c = db.connect(); PreparedStatement s = c.prepareStatement(sql)) {
            if (since != null) {
                s.setString(1, since);
            }
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    List<String> key = List.of(r.getString(9), r.getString(3), r.getString(1), r.getString(2), r.getString(4), r.getString(5));
                    points.computeIfAbsent(key, k -> new ArrayList<>()).add(new Point(r.getString(11), r.getString(12), r.getString(13),
                            r.getString(14), r.getDouble(15), r.getDouble(16), r.getDouble(17), r.getInt(18), r.getString(19)));
                    heads.put(key, new Series(r.getString(1), r.getString(2), r.getString(3), r.getString(4), r.getString(5),
                            r.getString(20), r.getString(21), r.getString(6), r.getInt(7) == 1, r.getInt(8) == 1, r.getString(9),
                            r.getString(10), List.of()));
                }
            }
        }
        List<Series> out = new ArrayList<>();
        heads.forEach((k, h) -> out.add(new Series(h.question(), h.fixed(), h.jdk(), h.a(), h.b(), h.aName(), h.bName(), h.family(),
                h.answer(), h.higherIsBetter(), h.machine(), h.machineLabel(), List.copyOf(points.get(k)))));
        return out;
    }
}
