package jab.harness.kv;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jab.harness.exec.Subprocess;

/**
 * The servers on one CPU and redis-benchmark on another (util-linux's taskset, which execs what it
 * runs, so the pid stays the program's): the load generator never takes CPU time from the server it
 * measures, nor the server from it. The first and the last of the CPUs this JVM may use.
 */
record CpuPinning(Path taskset, int serverCpu, int clientCpu) {
    /** Empty where taskset is missing or fewer than two CPUs are allowed. */
    static Optional<CpuPinning> find() {
        Optional<Path> taskset = Subprocess.onPath("taskset");
        List<Integer> cpus = allowedCpus();
        if (taskset.isEmpty() || cpus.size() < 2) {
            return Optional.empty();
        }
        return Optional.of(new CpuPinning(taskset.get(), cpus.get(0), cpus.get(cpus.size() - 1)));
    }

    List<String> server() {
        return List.of(taskset.toString(), "-c", Integer.toString(serverCpu));
    }

    List<String> client() {
        return List.of(taskset.toString(), "-c", Integer.toString(clientCpu));
    }

    /** The CPUs this process may run on (/proc/self/status Cpus_allowed_list); empty if unknown. */
    static List<Integer> allowedCpus() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return cpuList(line.substring(line.indexOf(':') + 1));
                }
            }
        } catch (IOException | RuntimeException notLinux) {
            // no /proc
        }
        return List.of();
    }

    /** A kernel CPU list ("0-3,8,10-11") as the CPUs it names, in order. */
    static List<Integer> cpuList(String text) {
        List<Integer> cpus = new ArrayList<>();
        for (String part : text.trim().split(",")) {
            if (part.isBlank()) {
                continue;
            }
            String[] range = part.trim().split("-");
            int from = Integer.parseInt(range[0]);
            int to = range.length > 1 ? Integer.parseInt(range[1]) : from;
            for (int c = from; c <= to; c++) {
                cpus.add(c);
            }
        }
        return cpus;
    }
}
