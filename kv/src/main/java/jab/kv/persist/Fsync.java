package jab.kv.persist;

/** Redis's appendfsync: when the log is forced to the device. */
public enum Fsync {
    /** Before the reply of every write is sent: an acknowledged write survives a crash of the machine. */
    ALWAYS,
    /** Once a second, in the background: a crash of the machine loses at most about a second. */
    EVERYSEC,
    /** When the kernel writes it back; a crash of the process alone loses nothing (the pages are the kernel's). */
    NO;

    /** The policy of Redis's name (always, everysec, no); null for any other word. */
    public static Fsync of(String name) {
        switch (name) {
            case "always":
                return ALWAYS;
            case "everysec":
                return EVERYSEC;
            case "no":
                return NO;
            default:
                return null;
        }
    }

    public String redisName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
