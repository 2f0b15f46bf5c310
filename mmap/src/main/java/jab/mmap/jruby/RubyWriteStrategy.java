package jab.mmap.jruby;

/**
 * The seven ways of seed 004 to write a file from Ruby, fastest first as the seed measured them
 * on JRuby 1.7 / Java 7 (2 GB in 1k chunks): the order a run on this machine is checked against.
 */
public enum RubyWriteStrategy {
    /** {@code MmapFileExt#write_unsafe}: an extension method writing the String's backing bytes. */
    EXT_MMAP_UNSAFE("ext_unsafe"),
    /** {@code MmapFile#writeUnsafe(RubyString)} through Java integration, backing bytes. */
    JAVA_MMAP_UNSAFE("java_unsafe"),
    /** {@code MmapFileExt#write_safe}: an extension method copying the bytes first. */
    EXT_MMAP_SAFE("ext_safe"),
    /** {@code MmapFile#writeSafe(RubyString)} through Java integration, bytes copied. */
    JAVA_MMAP_SAFE("java_safe"),
    /** Ruby's own {@code File#write}. */
    RUBY_FILE("ruby_file"),
    /** A Ruby class over java.nio mappings, handed {@code String#to_java_bytes}. */
    RUBY_PURE_MMAP_TOJAVABYTES("pure_to_java_bytes"),
    /** {@code MmapFile#writeString(String)}: JRuby converts to java.lang.String on every call. */
    JAVA_MMAP_AUTOBOXING("java_autoboxing");

    private final String rubyName;

    RubyWriteStrategy(String rubyName) {
        this.rubyName = rubyName;
    }

    /** The method of the Ruby module {@code JabMmapBench} that runs this strategy's loop. */
    public String rubyName() {
        return rubyName;
    }
}
