package jab.harness;

import jab.harness.cli.EnvCommand;
import jab.harness.cli.JdksCommand;
import jab.harness.cli.ListCommand;
import jab.harness.cli.RunCommand;
import jab.harness.cli.SemanticsCommand;
import jab.harness.process.VerifyCommand;
import jab.harness.kv.KvCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The jab command line: one subcommand per job; bad input exits 2, failures 1. */
@Command(name = "jab", mixinStandardHelpOptions = true, versionProvider = Jab.Version.class,
        description = {
            "Java API Benchmarks: what a Java system API really costs on this OS, JDK and hardware,",
            "measured with JMH on every installed JDK, beside the native syscall.",
            "",
            "Start with: ./jab list, ./jab jdks, ./jab env, then ./jab run fs"},
        subcommands = {ListCommand.class, JdksCommand.class, EnvCommand.class, RunCommand.class,
            SemanticsCommand.class, VerifyCommand.class, KvCommand.class,
            jab.harness.compare.CompareCommand.class,
            jab.harness.report.ReportCommand.class,
            jab.harness.report.MergeCommand.class,
            CommandLine.HelpCommand.class})
public final class Jab {
    public static final int EXIT_USAGE = 2;

    public static void main(String[] args) {
        System.exit(execute(args));
    }

    /** Runs one command line and returns its exit code (tests call this directly). */
    public static int execute(String... args) {
        CommandLine cli = new CommandLine(new Jab());
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

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"jab " + JabHome.version()};
        }
    }
}
