package jab.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

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

    /** picocli formats help text with String.format: a bare '%' makes it print a warning instead of the text. */
    @Test
    void everyHelpTextFormatsWithoutAWarning() {
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            printHelpOfAll(Jab.commandLine());
        } finally {
            System.setErr(err);
        }
        assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain("picocli WARN");
    }

    private static void printHelpOfAll(CommandLine cli) {
        assertThat(cli.getUsageMessage()).isNotBlank();
        cli.getSubcommands().values().forEach(JabHelpTest::printHelpOfAll);
    }
}
