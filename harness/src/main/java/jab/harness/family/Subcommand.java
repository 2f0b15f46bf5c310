package jab.harness.family;

/**
 * A command a family adds to the CLI: a picocli command object, mounted at the top ({@code jab kv})
 * or under a verb that several families may share ({@code jab semantics fs}, {@code jab verify process}).
 *
 * @param verb            the verb to mount under; empty for a top-level command
 * @param verbDescription what the verb does, for {@code jab --help} (the first family to use the verb gives it)
 * @param command         an object annotated with picocli's {@code @Command}
 */
public record Subcommand(String verb, String verbDescription, Object command) {

    public static Subcommand topLevel(Object command) {
        return new Subcommand("", "", command);
    }

    /**
     * A command under {@code jab verify}, where each family proves what its benchmarks do at the OS
     * level; one verb text whichever family mounts it first.
     */
    public static Subcommand verify(Object command) {
        return under("verify", "Shows what a family's benchmarks really do at the OS level.", command);
    }

    public static Subcommand under(String verb, String verbDescription, Object command) {
        return new Subcommand(verb, verbDescription, command);
    }

    public boolean isTopLevel() {
        return verb.isEmpty();
    }
}
