package jab.harness.kv;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;

import jab.harness.UsageException;
import jab.harness.family.Family;
import jab.harness.results.NativeResult;
import jab.harness.results.RunResults;
import jab.harness.run.Profile;
import jab.harness.run.ProfileName;
import jab.harness.run.RunContext;

/**
 * The kv family: JMH throughput and latency of jab's sharded store against a plain ConcurrentHashMap,
 * then end to end over TCP: jab's RESP server and (when installed) Redis under the same load.
 */
public final class KvFamily implements Family {
    static final String E2E_FILE = "kv-e2e.json";
    static final String REDIS_BENCHMARK_FILE = "kv-redis-benchmark.json";

    @Override
    public String name() {
        return "kv";
    }

    @Override
    public String description() {
        return "sharded key-value store: get/set/del throughput at 1-8 threads and latency by shard count vs "
                + "ConcurrentHashMap; end to end over RESP, jab's server beside redis-server";
    }

    @Override
    public Profile profile(ProfileName profile) {
        switch (profile) {
            case SMOKE:
                return Profile.of(1, 1, "100ms", 2, "100ms");
            case THOROUGH:
                return Profile.of(3, 3, "1s", 5, "1s");
            default:
                return Profile.of(1, 2, "500ms", 5, "500ms");
        }
    }

    /** The end-to-end load shapes: short for smoke, the seed's 32 and 64 clients for thorough. */
    static List<KvEndToEnd.Shape> shapes(ProfileName profile) {
        switch (profile) {
            case SMOKE:
                return List.of(new KvEndToEnd.Shape(16, 1, 1500, 3000));
            case THOROUGH:
                return List.of(new KvEndToEnd.Shape(64, 1, 5000, 20_000), new KvEndToEnd.Shape(32, 1, 5000, 20_000),
                        new KvEndToEnd.Shape(50, 16, 5000, 20_000));
            default:
                return List.of(new KvEndToEnd.Shape(32, 1, 3000, 10_000), new KvEndToEnd.Shape(32, 16, 3000, 10_000));
        }
    }

    /** redis-benchmark rounds and requests per run (GET and SET each), without and with -P 16. */
    static SideBySide.Plan redisBenchmarkPlan(ProfileName profile) {
        switch (profile) {
            case SMOKE:
                return new SideBySide.Plan(1, 20_000, 200_000);
            case THOROUGH:
                return new SideBySide.Plan(5, 1_000_000, 10_000_000);
            default:
                return new SideBySide.Plan(3, 200_000, 2_000_000);
        }
    }

    @Override
    public void validate(Map<String, String[]> params, RunContext ctx) {
        for (String v : params.getOrDefault("shards", new String[0])) {
            int n;
            try {
                n = Integer.parseInt(v);
            } catch (NumberFormatException e) {
                throw new UsageException("-p shards=" + v + ": not a whole number");
            }
            if (n < 1 || n > 65536) {
                throw new UsageException("-p shards=" + v + ": must be 1..65536 (rounded up to a power of two)");
            }
        }
    }

    /** The store's JMH figures first, then the servers end to end, as the family's story goes. */
    @Override
    public boolean measuresNativeAfterJmh() {
        return true;
    }

    @Override
    public List<NativeResult> measureNative(RunContext ctx) throws Exception {
        Optional<Path> redis = KvEndToEnd.findRedis(ctx.redisServer());
        if (redis.isEmpty()) {
            ctx.log().println("note: redis-server not found (--redis, PATH or JAB_REDIS_SERVER): end to end measures jab's server only");
        }
        ObjectMapper json = new ObjectMapper();
        List<KvEndToEnd.Row> rows = KvEndToEnd.run(shapes(ctx.profileName()), redis, ctx.log());
        json.writerWithDefaultPrettyPrinter().writeValue(ctx.runDir().resolve(E2E_FILE).toFile(), KvEndToEnd.details(rows));
        List<NativeResult> out = new ArrayList<>(KvEndToEnd.nativeResults(rows));
        Optional<RedisBenchmark> tool = RedisBenchmark.find(redis);
        if (redis.isPresent() && tool.isEmpty()) {
            ctx.log().println("note: redis-benchmark not found (beside redis-server or on the PATH): no side-by-side run with it");
        }
        if (redis.isPresent() && tool.isPresent()) {
            try (ServerProcess jab = KvEndToEnd.startJab(); ServerProcess r = ServerProcess.redis(redis.get())) {
                List<SideBySide.Row> side = SideBySide.run(tool.get(), jab, r, redisBenchmarkPlan(ctx.profileName()), ctx.log());
                json.writerWithDefaultPrettyPrinter().writeValue(ctx.runDir().resolve(REDIS_BENCHMARK_FILE).toFile(),
                        SideBySide.details(side, tool.get(), redis.get()));
                out.addAll(SideBySide.nativeResults(side, tool.get()));
            }
        }
        return out;
    }

    @Override
    public String summary(RunResults results, RunContext ctx) {
        return KvSummary.markdown(results, results.dir().resolve(E2E_FILE), results.dir().resolve(REDIS_BENCHMARK_FILE));
    }
}
