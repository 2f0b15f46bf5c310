package jab.harness.kv;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import jab.harness.page.Page;
import jab.harness.stats.ForkInterval;
import jab.harness.stats.Stats;

/**
 * Which transport of jab's server serves RESP requests with the least CPU, read from a side by side in
 * which it ran on several (kv-redis-benchmark.json, persistence off): per test and pipeline depth, each
 * transport's requests per server CPU-second over the default transport's, and each over Redis's
 * ({@link CapacityRatio}), with each server's CPU per request split into user and system time beside
 * it where the cgroup split it. A run with jab's server on one transport answers nothing here.
 */
final class TransportAnswers {
    private TransportAnswers() {
    }

    /** One answer: server {@code a}'s requests per server CPU-second over {@code b}'s, at one test and pipeline depth. */
    record Answer(RedisBenchmarkDocument.Row a, RedisBenchmarkDocument.Row b, CapacityRatio ratio) {
        /**
         * "kv transport, GET pipeline 1: io_uring serves 1.04x [0.99-1.09] epoll's requests per server
         * CPU-second, undecided; user + system CPU per request: io_uring 2.10 + 3.40 us, epoll 2.00 + 3.90 us".
         * The verdict comes before the CPU split, so the first line of a wrapped answer holds it.
         */
        String line() {
            String answer = String.format(Locale.ROOT, "kv transport, %s pipeline %d: %s serves %s %s's requests per server CPU-second, %s",
                    a.test(), a.pipeline(), name(a), ratio.ratioWords(), name(b), ratio.verdictWords());
            Optional<String> ca = split(a);
            Optional<String> cb = split(b);
            return ca.isPresent() && cb.isPresent()
                    ? answer + "; user + system CPU per request: " + name(a) + " " + ca.get() + ", " + name(b) + " " + cb.get() : answer;
        }
    }

    /**
     * The answers of a side by side, per test and pipeline depth in the order the default transport's rows
     * have them: each other transport over the default, then each transport over Redis. None when jab's
     * server ran on one transport (or in a run made before transports were compared).
     */
    static List<Answer> of(RedisBenchmarkDocument doc, double band) {
        if (doc.rows() == null) {
            return List.of();
        }
        List<RedisBenchmarkDocument.Row> jab = doc.rows().stream().filter(r -> r.transport() != null && r.requestsPerCpuSecond() != null
                && r.persistenceOrOff().equals(Durability.OFF.label)).toList();
        List<Answer> out = new ArrayList<>();
        if (doc.defaultTransport() == null || jab.stream().map(RedisBenchmarkDocument.Row::transport).distinct().count() < 2) {
            return out;
        }
        for (RedisBenchmarkDocument.Row reference : jab) {
            if (!reference.transport().equals(doc.defaultTransport())) {
                continue;
            }
            List<RedisBenchmarkDocument.Row> alike = jab.stream().filter(r -> sameRun(r, reference)).toList();
            alike.stream().filter(r -> r != reference).forEach(r -> out.add(answer(r, reference, band)));
            doc.rows().stream().filter(r -> "redis".equals(r.server()) && r.requestsPerCpuSecond() != null && sameRun(r, reference)
                    && r.persistenceOrOff().equals(Durability.OFF.label)).findFirst()
                    .ifPresent(redis -> alike.forEach(r -> out.add(answer(r, redis, band))));
        }
        return out;
    }

    /**
     * What the console and summary.md print: a line saying what was measured, then one per answer;
     * nothing when the run did not compare transports.
     */
    static List<String> lines(RedisBenchmarkDocument doc, double band) {
        List<Answer> answers = of(doc, band);
        if (answers.isEmpty()) {
            return List.of();
        }
        int rounds = answers.stream().mapToInt(x -> x.ratio().rounds()).max().orElse(0);
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "kv transport: which transport of jab's server serves RESP requests with the least CPU, "
                + "each a server of its own beside Redis under redis-benchmark: requests per server CPU-second, each ratio the "
                + "geometric mean of %d round%s' ratios with its 95%% interval over rounds, verdicts against a band of ±%s", rounds,
                rounds == 1 ? "" : "s",
                ForkInterval.percent(band)));
        answers.forEach(x -> out.add(x.line()));
        return out;
    }

    /** summary.md's part: every server's figures per test and pipeline, then the answers. */
    static void render(Page page, RedisBenchmarkDocument doc, double band) {
        List<Answer> answers = of(doc, band);
        if (answers.isEmpty()) {
            return;
        }
        page.paragraph("Which transport serves with the least CPU: jab kv serve on each transport this machine runs (epoll: a "
                + "readiness wait, then a read and a write per ready connection; io_uring: reads and writes queued and submitted "
                + "together; nio: the JDK's selector), each a server of its own, in its own cgroup under the same quota, in the same "
                + "rounds as Redis and in an order that turns every round. Each ratio is one server's requests per server CPU-second "
                + "over another's, the geometric mean of the rounds' ratios with its 95% interval over rounds (as jab/Redis above), and its "
                + "verdict against the run's band. "
                + "User and system: the cgroup's split of the server's CPU time per request (the kernel's estimate, billed at its "
                + "ticks and switches).");
        List<RedisBenchmarkDocument.Row> shown = doc.rows().stream().filter(r -> r.requestsPerCpuSecond() != null
                && r.persistenceOrOff().equals(Durability.OFF.label) && (r.transport() != null || "redis".equals(r.server()))).toList();
        List<List<String>> table = new ArrayList<>();
        // each test and pipeline depth together, its servers in the document's order
        for (List<Object> shape : shown.stream().map(TransportAnswers::run).distinct().toList()) {
            shown.stream().filter(r -> run(r).equals(shape)).forEach(r -> table.add(List.of(r.test(), Integer.toString(r.pipeline()),
                    r.serverWords(), CapacityTable.figure(r), split(r).orElse("-"))));
        }
        page.table(List.of("Test", "Pipeline", "Server", "Requests per server CPU-second", "CPU per request, user + system"), table, 2);
        page.bullets(answers.stream().map(Answer::line).toList());
    }

    private static Answer answer(RedisBenchmarkDocument.Row a, RedisBenchmarkDocument.Row b, double band) {
        return new Answer(a, b, CapacityRatio.of(a.requestsPerCpuSecond(), b.requestsPerCpuSecond(), band));
    }

    private static boolean sameRun(RedisBenchmarkDocument.Row r, RedisBenchmarkDocument.Row other) {
        return run(r).equals(run(other));
    }

    /** What a row ran: its pipeline depth and test. */
    private static List<Object> run(RedisBenchmarkDocument.Row r) {
        return List.of(r.pipeline(), r.test());
    }

    /** How an answer names a server: jab's by its transport, Redis as Redis. */
    static String name(RedisBenchmarkDocument.Row r) {
        return r.transport() != null ? r.transport() : "redis".equals(r.server()) ? "Redis" : r.server();
    }

    /** "2.10 + 3.40 us": the means over rounds of the user and system CPU per request; empty where either is unknown. */
    static Optional<String> split(RedisBenchmarkDocument.Row r) {
        if (r.serverUserCpuUsPerRequest() == null || r.serverSystemCpuUsPerRequest() == null) {
            return Optional.empty();
        }
        double user = Stats.mean(r.serverUserCpuUsPerRequest());
        double system = Stats.mean(r.serverSystemCpuUsPerRequest());
        return Double.isFinite(user) && Double.isFinite(system)
                ? Optional.of(String.format(Locale.ROOT, "%.2f + %.2f us", user, system)) : Optional.empty();
    }
}
