package jab.bench.process;

/**
 * The APIs under test. Each launches a command, reads the child's stdout to EOF, waits for its exit
 * and returns both; each is bounded by {@link LaunchTimeout#MILLIS}; each throws its own error
 * (an IOException of some kind) when the command cannot be started.
 */
public enum ProcessLauncher {
    /** {@code new ProcessBuilder(cmd).start()}, stderr discarded by the child's own redirect. */
    PROCESS_BUILDER("ProcessBuilder") {
        @Override
        public Launched launch(String... command) throws Exception {
            return JdkLaunches.processBuilder(command);
        }
    },
    /** {@code Runtime.getRuntime().exec(cmd)}, as seed 001 did it. */
    RUNTIME_EXEC("Runtime.exec") {
        @Override
        public Launched launch(String... command) throws Exception {
            return JdkLaunches.runtimeExec(command);
        }
    },
    /** zt-exec {@code new ProcessExecutor().command(cmd).readOutput(true)}, seed 000's minimal configuration. */
    ZT_EXEC("zt-exec minimal") {
        @Override
        public Launched launch(String... command) throws Exception {
            return ZtExecLaunches.minimal(command);
        }
    },
    /** zt-exec with two environment variables added, seed 000's second configuration. */
    ZT_EXEC_ENV("zt-exec withEnv") {
        @Override
        public Launched launch(String... command) throws Exception {
            return ZtExecLaunches.withEnvironment(command);
        }
    },
    /** zt-exec with its own {@code timeout(...)}, seed 000's third configuration. */
    ZT_EXEC_TIMEOUT("zt-exec withTimeout") {
        @Override
        public Launched launch(String... command) throws Exception {
            return ZtExecLaunches.withTimeout(command);
        }
    },
    /** NuProcess {@code NuProcessBuilder.start()}: on Linux the JDK's forkAndExec through JNA, always VFORK. */
    NUPROCESS("NuProcess") {
        @Override
        public Launched launch(String... command) throws Exception {
            return NuProcessLaunches.launch(command);
        }
    },
    /** Apache Commons Exec {@code DefaultExecutor} with a PumpStreamHandler and an ExecuteWatchdog. */
    COMMONS_EXEC("Commons Exec") {
        @Override
        public Launched launch(String... command) throws Exception {
            return CommonsExecLaunches.launch(command);
        }
    };

    private final String label;

    ProcessLauncher(String label) {
        this.label = label;
    }

    /** The name people know the API by (ProcessBuilder, Runtime.exec, zt-exec, NuProcess, Commons Exec). */
    public String label() {
        return label;
    }

    public abstract Launched launch(String... command) throws Exception;

    /**
     * Launches a command that must not start and returns the error the API raised: the figure of a
     * missing scenario is the cost of the failure. A launch that succeeds is a wrong fixture.
     */
    public Exception launchMissing(String... command) {
        try {
            Launched l = launch(command);
            throw new IllegalStateException(label + " started the missing command " + command[0] + " (exit " + l.exitCode + ")");
        } catch (IllegalStateException e) {
            throw e;
        } catch (Exception e) {
            return e;
        }
    }
}
