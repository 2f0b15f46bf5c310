package jab.harness.cli;

import java.util.concurrent.Callable;

import jab.harness.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * A verb that families fill with their own subcommands ({@code jab semantics fs}, {@code jab verify
 * process}). Given a family that has none, or no family, it says which families have one.
 */
@Command
final class FamilyVerb implements Callable<Integer> {
    private final String name;

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..1", paramLabel = "FAMILY", description = "the family")
    String family;

    FamilyVerb(String name) {
        this.name = name;
    }

    @Override
    public Integer call() {
        String have = String.join(", ", spec.subcommands().keySet());
        throw new UsageException(family == null
                ? name + " needs a family: " + have + " (see ./jab " + name + " --help)"
                : "nothing for '" + family + "' under " + name + "; families with one: " + have);
    }
}
