package jab.harness;

import jab.harness.cli.CommandTree;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Command;

/** The jab command line: one subcommand per job; bad input exits 2, failures 1. */
@Command(name = "jab", mixinStandardHelpOptions = true, versionProvider = Jab.Version.class,
        description = {
            "Java API Benchmarks: what a Java system API really costs on this OS, JDK and hardware,",
            "measured with JMH on every installed JDK, beside the native syscall.",
            "",
            "Start with: ./jab list, ./jab jdks, ./jab env, then ./jab run fs"})
public final class Jab {
    public static final int EXIT_USAGE = 2;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs one command line and returns its exit code (tests call this directly). */
    public static int execute(String... args) {
        CommandLine cli = commandLine();
        cli.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof UsageException) {
                cmd.getErr().println("jab: " + ex.getMessage());
                return EXIT_USAGE;
            }
            throw ex;
        });
        cli.setParameterExceptionHandler((ex, a) -> {
            CommandLine cmd = ex.getCommandLine();
            cmd.getErr().println("jab: " + ex.getMessage());
            cmd.getErr().println("Try: ./jab " + cmd.getCommandSpec().qualifiedName(" ").replaceFirst("^jab ?", "")
                    + (cmd.getCommandSpec().qualifiedName().equals("jab") ? "" : " ") + "--help");
            return EXIT_USAGE;
        });
        return cli.execute(args);
    }

    /** The whole command tree: jab's commands and those its families add. */
    public static CommandLine commandLine() {
        CommandLine cli = CommandTree.build(new Jab());
        firstSentenceFirst(cli);
        return cli;
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"jab " + JabHome.version()};
        }
    }

    /**
     * Descriptions are written as prose wrapped in the source. picocli lists each command by the first
     * element of its description and wraps every element on its own, so a line cut in the source showed
     * as a summary cut mid-sentence. Rejoin the prose, put its first sentence first, let picocli wrap.
     */
    static void firstSentenceFirst(CommandLine cl) {
        CommandSpec spec = cl.getCommandSpec();
        String[] lines = spec.usageMessage().description();
        if (lines.length > 1) {
            String prose = String.join(" ", lines).replaceAll("\\s+", " ").trim();
            // split at the end of the first sentence (two letters or digits before the stop: not "e.g.")
            String[] parts = prose.split("(?<=[A-Za-z0-9)]{2}\\.)\\s+", 2);
            spec.usageMessage().description(parts);
        }
        cl.getSubcommands().values().stream().distinct().forEach(Jab::firstSentenceFirst);
    }
}
