package jab.harness.cli;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.env.Fingerprint;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.run.options.InputChecks;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "env", mixinStandardHelpOptions = true,
        description = {"Prints the machine fingerprint in the seed's template (OS heading; CPU @ base clock - RAM -",
            "storage; Test Date; VM version; VM options). Every run stores the same as env.json."},
        footer = {"", "Examples:", "  ./jab env", "  ./jab env --dir /dev/shm --json"})
public final class EnvCommand implements Callable<Integer> {
    @Option(names = "--dir", paramLabel = "DIR", description = "the benchmark directory whose storage to describe (default: the temp dir)")
    Path dir;

    @Option(names = "--json", description = "print env.json instead of the template")
    boolean json;

    @Override
    public Integer call() throws Exception {
        Path d = InputChecks.usableDir(dir != null ? dir : Paths.get(System.getProperty("java.io.tmpdir")), "--dir");
        ObjectNode env = Fingerprint.collect(d, List.of(JdkDiscovery.current()), List.of());
        if (json) {
            System.out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(env));
            return 0;
        }
        System.out.print(Fingerprint.heading(env));
        System.out.println();
        System.out.println("```");
        System.out.print(Fingerprint.vmBlock(env, "JDK " + System.getProperty("java.version") + ", "
                + System.getProperty("java.vm.name") + ", " + System.getProperty("java.runtime.version"),
                String.join(" ", java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments())));
        System.out.println("```");
        System.out.println();
        var os = env.path("os");
        var cpu = env.path("cpu");
        var st = env.path("storage");
        System.out.printf("OS:          %s (%s, %s)%n", os.path("name").asText(), os.path("kernel").asText(), os.path("arch").asText());
        System.out.printf("Virtual:     %s; container: %s; WSL: %s%n", os.path("virtualization").asText(),
                os.path("container").asText(), os.path("wsl").asBoolean() ? "yes" : "no");
        System.out.printf("CPU:         %s, base %.2f GHz, %d physical cores, %d logical threads%n", cpu.path("model").asText(),
                cpu.path("baseClockHz").asLong() / 1e9, cpu.path("physicalCores").asInt(), cpu.path("logicalThreads").asInt());
        var mem = env.path("memory");
        System.out.printf("RAM:         %.1f GiB; free page reporting to the host: %s; DAMON: %s; transparent huge pages: %s%n",
                mem.path("totalBytes").asLong() / (double) (1L << 30), mem.path("freePageReporting").asText(),
                mem.path("damon").asText(), mem.path("transparentHugePages").asText());
        System.out.printf("Storage:     %s: %s on %s (%s, %s)%n", st.path("dir").asText(), st.path("filesystem").asText(),
                st.path("device").asText("?"), st.path("model").asText(), st.path("type").asText());
        System.out.printf("libc:        %s %s%n", env.path("libc").path("name").asText(), env.path("libc").path("version").asText());
        System.out.printf("jab:         %s (commit %s)%n", env.path("jab").path("version").asText(), env.path("jab").path("commit").asText());
        return 0;
    }
}
