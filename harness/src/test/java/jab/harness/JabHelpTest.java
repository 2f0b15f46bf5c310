package jab.harness;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import picocli.CommandLine;

/** `jab --help` lists every command by a whole first sentence, never a line cut in the source. */
class JabHelpTest {
    @Test
    void everyCommandIsListedByAWholeSentence() {
        CommandLine cli = Jab.commandLine();
        cli.getSubcommands().forEach((name, sub) -> {
            String[] description = sub.getCommandSpec().usageMessage().description();
            if (!name.equals("help")) {
                assertThat(description).as(name).isNotEmpty();
                assertThat(description[0]).as(name + "'s summary").endsWith(".");
            }
        });
        String[] run = cli.getSubcommands().get("run").getCommandSpec().usageMessage().description();
        assertThat(String.join(" ", run)).contains("in the same run, and writes a run directory");
    }
}
