package jab.harness.kv;

import java.nio.file.Path;
import java.util.List;

import jab.harness.family.Profile;

/**
 * How both servers persist in a side-by-side run, in Redis's own words, so jab and Redis are compared
 * doing the same work: nothing, an append-only file forced once a second, or forced before every
 * reply. The same options start both (jab kv serve takes Redis's names); snapshots stay off.
 */
enum Durability {
    OFF("off", "persistence off"),
    AOF_EVERYSEC("aof-everysec", "append-only file, appendfsync everysec"),
    AOF_ALWAYS("aof-always", "append-only file, appendfsync always");

    final String label;
    final String words;

    Durability(String label, String words) {
        this.label = label;
        this.words = words;
    }

    /**
     * The settings a profile compares: the default profile the headline only (persistence off), so a
     * default run stays short; thorough all of them; smoke (run by the tests) one with persistence too,
     * so the persisting path is exercised.
     */
    static List<Durability> of(Profile profile) {
        return switch (profile) {
            case DEFAULT -> List.of(OFF);
            case SMOKE -> List.of(OFF, AOF_EVERYSEC);
            case THOROUGH -> List.of(values());
        };
    }

    /** jab kv serve's options; with persistence, its files in {@code dir}. */
    List<String> jabArgs(Path dir) {
        return this == OFF ? List.of() : aof(dir);
    }

    /** redis-server's options; with persistence, its files in {@code dir}. */
    List<String> redisArgs(Path dir) {
        return this == OFF ? List.of("--save", "", "--appendonly", "no") : aof(dir);
    }

    private List<String> aof(Path dir) {
        return List.of("--dir", dir.toString(), "--appendonly", "yes", "--appendfsync", this == AOF_ALWAYS ? "always" : "everysec",
                "--save", "");
    }

    /**
     * Requests per measured run: under always every batch of writes waits for an fdatasync (both
     * servers reached ~40,000 SETs/s with 50 clients on this project's virtual disk, against ~65,000
     * with persistence off), so a quarter of the plan keeps a run to about a second. The warm-up run
     * takes the whole plan whatever the setting: a fresh server's JIT needs that long.
     */
    long requests(long planned) {
        return this == AOF_ALWAYS ? Math.max(1000, planned / 4) : planned;
    }
}
