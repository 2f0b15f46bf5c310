package jab.harness.run.jmh;

import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * A family's HotSpot flags give way to the user's: JMH puts the appended options last on a fork's
 * command line, and the JVM takes the last value of a flag, so a family's {@code -XX:+AlwaysPreTouch}
 * would silently override a user's {@code --jvm-args -XX:-AlwaysPreTouch}. A family's -XX option is
 * dropped when the user's options set the same flag, either way or to any value; its other options
 * (system properties, the library path) are kept.
 */
public final class UserFlagsWin {
    private UserFlagsWin() {
    }

    /** {@code family}'s options without the -XX flags {@code user} sets too. */
    public static List<String> familyOptions(Collection<String> family, List<String> user) {
        List<String> userFlags = user.stream().map(UserFlagsWin::flag).flatMap(Optional::stream).toList();
        return family.stream().filter(o -> flag(o).map(f -> !userFlags.contains(f)).orElse(true)).toList();
    }

    /** The flag's name of a -XX option: "AlwaysPreTouch" of -XX:+AlwaysPreTouch, "MaxRAM" of -XX:MaxRAM=1g. */
    static Optional<String> flag(String option) {
        if (!option.startsWith("-XX:")) {
            return Optional.empty();
        }
        String rest = option.substring(4);
        if (rest.startsWith("+") || rest.startsWith("-")) {
            rest = rest.substring(1);
        }
        int eq = rest.indexOf('=');
        return Optional.of(eq < 0 ? rest : rest.substring(0, eq));
    }
}
