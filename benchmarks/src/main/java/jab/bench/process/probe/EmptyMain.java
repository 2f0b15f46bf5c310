package jab.bench.process.probe;

/** The reference for whole-JVM timings: a JVM that starts and exits, launching nothing. */
public final class EmptyMain {
    private EmptyMain() {
    }

    public static void main(String[] args) {
        // nothing: the figure is JVM start-up and shutdown alone
    }
}
