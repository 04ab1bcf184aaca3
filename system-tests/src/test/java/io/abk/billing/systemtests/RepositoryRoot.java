package io.abk.billing.systemtests;

import java.nio.file.Path;

/** The build's root, for tests of the repository's own files: surefire sets {@code billing.repo.root}; run elsewhere, this module's parent. */
public final class RepositoryRoot {

    private RepositoryRoot() {}

    public static Path path() {
        var configured = System.getProperty("billing.repo.root");
        var root = configured != null && !configured.isBlank()
                ? Path.of(configured)
                : Path.of(System.getProperty("basedir", "")).toAbsolutePath().getParent();
        return root.toAbsolutePath().normalize();
    }
}
