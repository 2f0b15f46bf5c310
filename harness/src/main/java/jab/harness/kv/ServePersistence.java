package jab.harness.kv;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import jab.harness.UsageException;
import jab.kv.persist.Fsync;
import jab.kv.persist.PersistenceConfig;
import picocli.CommandLine.Option;

/**
 * {@code jab kv serve}'s persistence options, Redis's names (a picocli mixin), and their check into the
 * server's configuration (null: persistence off).
 */
final class ServePersistence {
    @Option(names = "--dir", paramLabel = "DIR",
            description = "directory of the snapshot and the AOF (created if missing); persistence is off unless"
                + " --dir, --appendonly yes or --save is given (then the current directory, as Redis)")
    Path dir;

    @Option(names = "--appendonly", paramLabel = "yes|no", defaultValue = "no",
            description = "yes: log every write to the append-only file and replay it on start; default no")
    String appendonly;

    @Option(names = "--appendfsync", paramLabel = "always|everysec|no", defaultValue = "everysec",
            description = "when the AOF is forced to disk: before each reply, every second (default), or by the kernel")
    String appendfsync;

    @Option(names = "--save", paramLabel = "\"SECONDS CHANGES\"",
            description = "a snapshot after SECONDS once CHANGES keys changed; repeatable; \"\" for none;"
                + " default with persistence: Redis's 3600 1, 300 100, 60 10000")
    List<String> save;

    @Option(names = "--dbfilename", paramLabel = "NAME", defaultValue = "dump.rdb", description = "snapshot file in --dir; default dump.rdb")
    String dbfilename;

    @Option(names = "--appendfilename", paramLabel = "NAME", defaultValue = "appendonly.aof",
            description = "append-only file in --dir; default appendonly.aof")
    String appendfilename;

    PersistenceConfig config() {
        if (!appendonly.equals("yes") && !appendonly.equals("no")) {
            throw new UsageException("--appendonly must be yes or no, got " + appendonly);
        }
        Fsync fsync = Fsync.of(appendfsync);
        if (fsync == null) {
            throw new UsageException("--appendfsync must be always, everysec or no, got " + appendfsync);
        }
        fileName(dbfilename, "--dbfilename");
        fileName(appendfilename, "--appendfilename");
        if (dbfilename.equals(appendfilename)) {
            throw new UsageException("--dbfilename and --appendfilename must differ, both are " + dbfilename);
        }
        List<PersistenceConfig.SaveRule> rules = save == null ? null : rules(save);
        if (dir == null && appendonly.equals("no") && save == null) {
            return null;
        }
        PersistenceConfig c = new PersistenceConfig();
        c.dir = dir != null ? dir : Path.of("").toAbsolutePath();
        c.appendOnly = appendonly.equals("yes");
        c.appendFsync = fsync;
        if (rules != null) {
            c.save = rules;
        }
        c.dbFilename = dbfilename;
        c.appendFilename = appendfilename;
        return c;
    }

    /** Redis's save syntax: pairs "SECONDS CHANGES", in one argument or several; "" alone clears them. */
    private static List<PersistenceConfig.SaveRule> rules(List<String> values) {
        List<PersistenceConfig.SaveRule> rules = new ArrayList<>();
        for (String v : values) {
            String[] words = v.trim().isEmpty() ? new String[0] : v.trim().split("\\s+");
            if (words.length % 2 != 0) {
                throw new UsageException("--save takes \"SECONDS CHANGES\" pairs (or \"\" for none), got \"" + v + "\"");
            }
            for (int i = 0; i < words.length; i += 2) {
                try {
                    long seconds = Long.parseLong(words[i]);
                    long changes = Long.parseLong(words[i + 1]);
                    if (seconds < 1 || changes < 0) {
                        throw new NumberFormatException();
                    }
                    rules.add(new PersistenceConfig.SaveRule(seconds, changes));
                } catch (NumberFormatException e) {
                    throw new UsageException("--save takes \"SECONDS CHANGES\" with SECONDS >= 1 and CHANGES >= 0, got \"" + v + "\"");
                }
            }
        }
        return rules;
    }

    private static void fileName(String name, String option) {
        if (name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..")) {
            throw new UsageException(option + " must be a plain file name (it goes into --dir), got " + name);
        }
    }
}
