package jab.kv.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Where and how the server persists, with Redis's option names and defaults. */
public final class PersistenceConfig {
    /** Redis's default save points: after 3600 s and 1 change, 300 s and 100, 60 s and 10000. */
    public static final List<SaveRule> REDIS_SAVE_RULES = List.of(new SaveRule(3600, 1), new SaveRule(300, 100), new SaveRule(60, 10000));

    public Path dir;
    public boolean appendOnly;
    public Fsync appendFsync = Fsync.EVERYSEC;
    public List<SaveRule> save = new ArrayList<>(REDIS_SAVE_RULES);
    public String dbFilename = "dump.rdb";
    public String appendFilename = "appendonly.aof";

    /** One save point: a snapshot after {@code seconds} once at least {@code changes} keys changed. */
    public static final class SaveRule {
        public final long seconds;
        public final long changes;

        public SaveRule(long seconds, long changes) {
            this.seconds = seconds;
            this.changes = changes;
        }

        @Override
        public String toString() {
            return seconds + " " + changes;
        }
    }
}
