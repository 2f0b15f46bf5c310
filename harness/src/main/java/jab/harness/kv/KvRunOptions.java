package jab.harness.kv;

import java.nio.file.Files;
import java.nio.file.Path;

import jab.harness.UsageException;
import picocli.CommandLine.Option;

/** The kv family's option of {@code jab run}: which redis-server its end-to-end part compares with. */
final class KvRunOptions {
    @Option(names = "--redis", paramLabel = "PATH",
            description = "the redis-server kv compares jab's server with (default: redis-server on the PATH)")
    Path redis;

    /** A path that is not an executable file is bad input, refused before anything runs. */
    void check() {
        if (redis != null) {
            checkRedis(redis);
        }
    }

    /** {@code --redis PATH} of any kv command: an executable file, or bad input. */
    static void checkRedis(Path redis) {
        if (!(Files.isRegularFile(redis) && Files.isExecutable(redis))) {
            throw new UsageException("--redis " + redis + ": not an executable file (give the path of redis-server)");
        }
    }
}
