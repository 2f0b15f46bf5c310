package jab.harness.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import jab.harness.compare.CompareCommand;
import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.family.Subcommand;
import jab.harness.history.HistoryCommand;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * jab's commands: the generic ones, then what each family adds: its commands (at the top, or under a
 * verb such as {@code semantics} that several families can share) and its {@code jab run} options,
 * mounted on the run command as picocli mixins.
 */
public final class CommandTree {
    private CommandTree() {
    }

    public static CommandLine build(Object root) {
        FamilySet families = FamilyRegistry.load();
        CommandLine cli = new CommandLine(root);
        cli.addSubcommand(new ListCommand(families));
        cli.addSubcommand(new JdksCommand());
        cli.addSubcommand(new EnvCommand());
        cli.addSubcommand(withFamilyOptions(new CommandLine(new RunCommand(families)), families));
        cli.addSubcommand(withFamilyOptions(new CommandLine(new CalibrateCommand(families)), families));
        cli.addSubcommand(new SummaryCommand(families));
        cli.addSubcommand(new ReadmeCommand());
        Map<String, CommandLine> verbs = new LinkedHashMap<>();
        for (Family f : families.all()) {
            for (Subcommand s : f.subcommands()) {
                if (s.isTopLevel()) {
                    cli.addSubcommand(s.command());
                } else {
                    verbs.computeIfAbsent(s.verb(), v -> verb(v, s.verbDescription())).addSubcommand(s.command());
                }
            }
        }
        verbs.values().forEach(cli::addSubcommand);
        cli.addSubcommand(new CompareCommand());
        cli.addSubcommand(new ReportCommand(families));
        cli.addSubcommand(new MergeCommand(families));
        cli.addSubcommand(new ExportCommand());
        cli.addSubcommand(new HistoryCommand());
        cli.addSubcommand(new CommandLine.HelpCommand());
        return cli;
    }

    /** The families' own {@code jab run} options (kv's --redis), as picocli mixins. */
    private static CommandLine withFamilyOptions(CommandLine run, FamilySet families) {
        for (Family f : families.all()) {
            Object options = f.runOptions();
            if (options != null) {
                run.addMixin(f.name(), options);
            }
        }
        return run;
    }

    /** A verb whose subcommands are families' ({@code jab semantics fs}); its own name alone is refused. */
    private static CommandLine verb(String name, String description) {
        FamilyVerb verb = new FamilyVerb(name);
        CommandLine cl = new CommandLine(verb);
        CommandSpec spec = cl.getCommandSpec();
        spec.name(name);
        spec.usageMessage().description(description);
        spec.mixinStandardHelpOptions(true);
        return cl;
    }
}
