package jab.harness.kv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import jab.harness.stats.RatioVerdict;

/** The transport question answered from synthetic side-by-side rows: ratios over rounds, verdicts against the band. */
class TransportAnswersTest {
    private static final double BAND = RatioVerdict.DEFAULT_BAND;
    private static final double[] EPOLL = {100_000, 101_000, 99_000, 100_500};

    @Test
    void eachTransportIsAnsweredOverTheDefaultAndOverRedisWithAVerdictAgainstTheBand() {
        RedisBenchmarkDocument doc = doc("epoll",
                jab("io_uring", "GET", 1, times(EPOLL, 1.19, 1.21, 1.20, 1.20)),
                jab("nio", "GET", 1, times(EPOLL, 0.80, 0.79, 0.81, 0.80)),
                jab("epoll", "GET", 1, EPOLL),
                redis("GET", 1, times(EPOLL, 1.0, 1.001, 0.999, 1.0)));
        List<String> lines = TransportAnswers.lines(doc, BAND);

        assertThat(lines.get(0)).startsWith("kv transport: ").contains("geometric mean of 4 rounds' ratios").contains("±3.0%");
        assertThat(lines.subList(1, lines.size())).hasSize(5);
        assertThat(lines.get(1)).startsWith("kv transport, GET pipeline 1: io_uring serves 1.20x [")
                .endsWith("] epoll's requests per server CPU-second, faster");
        assertThat(lines.get(2)).startsWith("kv transport, GET pipeline 1: nio serves 0.80x [").endsWith("epoll's requests per server CPU-second, slower");
        assertThat(lines.get(3)).contains("io_uring serves 1.20x [").endsWith("Redis's requests per server CPU-second, faster");
        assertThat(lines.get(4)).contains("nio serves 0.80x [").endsWith("Redis's requests per server CPU-second, slower");
        assertThat(lines.get(5)).contains("epoll serves 1.00x [").endsWith("Redis's requests per server CPU-second, the same");
    }

    @Test
    void theRatioPairsTheServersRoundByRound() {
        // the machine slows through the rounds; io_uring is 5% ahead of epoll in every one of them
        double[] epoll = {100_000, 95_000, 90_000, 85_000};
        double[] uring = times(epoll, 1.05, 1.05, 1.05, 1.05);
        RedisBenchmarkDocument doc = doc("epoll", jab("io_uring", "SET", 16, uring), jab("epoll", "SET", 16, epoll));
        List<TransportAnswers.Answer> answers = TransportAnswers.of(doc, BAND);

        assertThat(answers).singleElement().satisfies(a -> {
            assertThat(a.ratio().ratio().ratio()).isCloseTo(1.05, within(1e-9));
            assertThat(a.ratio().ratio().high() - a.ratio().ratio().low()).as("the drift cancels within each round").isLessThan(1e-6);
            assertThat(a.ratio().rounds()).isEqualTo(4);
            assertThat(a.ratio().verdict()).isEqualTo(RatioVerdict.FASTER);
            assertThat(a.line()).startsWith("kv transport, SET pipeline 16: io_uring serves 1.05x [1.05-1.05] epoll's requests per "
                    + "server CPU-second, faster");
        });
    }

    @Test
    void roundsThatDisagreeLeaveItUndecided() {
        double[] uring = times(EPOLL, 1.10, 0.90, 1.05, 0.97);
        RedisBenchmarkDocument doc = doc("epoll", jab("io_uring", "SET", 16, uring), jab("epoll", "SET", 16, EPOLL));
        assertThat(TransportAnswers.of(doc, BAND)).singleElement().satisfies(a -> {
            assertThat(a.ratio().verdict()).as("an interval across the band's edges").isEqualTo(RatioVerdict.UNDECIDED);
            assertThat(a.ratio().ratio().ratio()).isCloseTo(Math.pow(1.10 * 0.90 * 1.05 * 0.97, 0.25), within(1e-9));
        });
    }

    @Test
    void oneRoundGivesARatioWithoutIntervalAndNoVerdict() {
        RedisBenchmarkDocument doc = doc("epoll", jab("io_uring", "GET", 1, new double[] {120_000}), jab("epoll", "GET", 1, new double[] {100_000}));
        assertThat(TransportAnswers.lines(doc, BAND).get(1))
                .isEqualTo("kv transport, GET pipeline 1: io_uring serves 1.20x epoll's requests per server CPU-second, "
                        + "undecided (one round: no interval)");
    }

    @Test
    void aRunOfOneTransportOrMadeBeforeTransportsWereComparedAnswersNothing() {
        assertThat(TransportAnswers.lines(doc("epoll", jab("epoll", "GET", 1, EPOLL), redis("GET", 1, EPOLL)), BAND)).isEmpty();
        RedisBenchmarkDocument.Row before = new RedisBenchmarkDocument.Row("jab", null, "jab", "GET", 1, 50, 1000, EPOLL, EPOLL, EPOLL,
                EPOLL, null, null, "off", EPOLL, EPOLL, 0.4, null, null, null);
        assertThat(TransportAnswers.lines(doc(null, before, redis("GET", 1, EPOLL)), BAND)).isEmpty();
    }

    @Test
    void besideEachAnswerTheUserAndSystemCpuPerRequestOfBothServersWhenTheCgroupSplitThem() {
        RedisBenchmarkDocument.Row uring = withSplit(jab("io_uring", "GET", 1, EPOLL), 2.0, 3.0);
        RedisBenchmarkDocument.Row epoll = withSplit(jab("epoll", "GET", 1, EPOLL), 2.5, 3.5);
        assertThat(TransportAnswers.lines(doc("epoll", uring, epoll), BAND).get(1))
                .endsWith("; user + system CPU per request: io_uring 2.00 + 3.00 us, epoll 2.50 + 3.50 us");
        assertThat(TransportAnswers.lines(doc("epoll", uring, jab("epoll", "GET", 1, EPOLL)), BAND).get(1))
                .as("one server's split unknown: none shown").doesNotContain("user + system");
    }

    private static double[] times(double[] xs, double... factors) {
        double[] out = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
            out[i] = xs[i] * factors[i];
        }
        return out;
    }

    static RedisBenchmarkDocument doc(String defaultTransport, RedisBenchmarkDocument.Row... rows) {
        return new RedisBenchmarkDocument("redis-benchmark 7.0.15", "redis-benchmark -t set|get", "/usr/bin/redis-server", "apart",
                defaultTransport, List.of(rows));
    }

    static RedisBenchmarkDocument.Row jab(String transport, String test, int pipeline, double[] perCpuSecond) {
        return row("jab", transport, test, pipeline, perCpuSecond);
    }

    static RedisBenchmarkDocument.Row redis(String test, int pipeline, double[] perCpuSecond) {
        return row("redis", null, test, pipeline, perCpuSecond);
    }

    private static RedisBenchmarkDocument.Row row(String server, String transport, String test, int pipeline, double[] perCpuSecond) {
        double[] share = new double[perCpuSecond.length];
        Arrays.fill(share, 0.6);
        double[] cpuUs = Arrays.stream(perCpuSecond).map(x -> 1e6 / x).toArray();
        return new RedisBenchmarkDocument.Row(server, transport, server + " 1.0", test, pipeline, 50, 50_000, perCpuSecond, cpuUs, cpuUs,
                cpuUs, null, null, "off", share, perCpuSecond, 0.4, null, null, null);
    }

    private static RedisBenchmarkDocument.Row withSplit(RedisBenchmarkDocument.Row r, double user, double system) {
        double[] u = new double[r.rps().length];
        double[] s = new double[r.rps().length];
        Arrays.fill(u, user);
        Arrays.fill(s, system);
        return new RedisBenchmarkDocument.Row(r.server(), r.transport(), r.serverVersion(), r.test(), r.pipeline(), r.clients(),
                r.requests(), r.rps(), r.p50Ms(), r.p99Ms(), r.serverCpuUsPerRequest(), u, s, r.persistence(), r.clientCpuShare(),
                r.requestsPerCpuSecond(), r.serverCpuQuota(), r.serverJitMs(), r.warmUpPasses(), r.warmUpJitShare());
    }
}
