package io.abk.billing.localstack.chain;

import io.abk.billing.localchain.AnvilBinary;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * anvil (to run the chain) and cast (for the developer, to send transactions by hand). Each is looked for where a
 * built checkout or an earlier start put it (see {@link AnvilBinary}; cast beside anvil, then {@code <data>/tools},
 * then the PATH); whatever is missing is installed with npm into {@code <data>/tools}, pinned to the release the
 * project is tested with.
 *
 * @param cast empty only when the install of anvil succeeded and cast's did not (the chain runs without it)
 */
public record ChainTools(Path anvil, Optional<Path> cast) {

    static final String CAST_PACKAGE = "@foundry-rs/cast-linux-amd64";
    private static final Path ANVIL_IN_TOOLS =
            Path.of("node_modules", "@foundry-rs", "anvil-linux-amd64", "bin", "anvil");
    private static final Path CAST_IN_TOOLS = Path.of("node_modules", "@foundry-rs", "cast-linux-amd64", "bin", "cast");
    /** One npm install of both packages takes 5-10 s; three minutes covers a slow registry. */
    private static final long INSTALL_TIMEOUT_SECONDS = 180;

    private static final Logger log = LoggerFactory.getLogger(ChainTools.class);

    /** Finds anvil and cast, installing what is missing into {@code toolsDir}. */
    public static ChainTools locateOrInstall(Path toolsDir) {
        var anvil = AnvilBinary.find().or(() -> executable(toolsDir.resolve(ANVIL_IN_TOOLS)));
        var cast = anvil.flatMap(ChainTools::castBeside)
                .or(() -> executable(toolsDir.resolve(CAST_IN_TOOLS)))
                .or(ChainTools::castOnPath);
        if (anvil.isPresent() && cast.isPresent()) {
            return new ChainTools(anvil.get(), cast);
        }
        var packages = new ArrayList<String>();
        if (anvil.isEmpty()) {
            packages.add(AnvilBinary.NPM_PACKAGE + "@" + AnvilBinary.VERSION);
        }
        if (cast.isEmpty()) {
            packages.add(CAST_PACKAGE + "@" + AnvilBinary.VERSION);
        }
        try {
            npmInstall(toolsDir, packages);
        } catch (IllegalStateException e) {
            if (anvil.isEmpty()) {
                throw e;
            }
            // Only cast was missing: the chain runs without it, the banner says so.
            log.warn("event=cast_install_failed reason={}", e.getMessage());
            return new ChainTools(anvil.get(), Optional.empty());
        }
        return new ChainTools(
                anvil.orElseGet(() -> executable(toolsDir.resolve(ANVIL_IN_TOOLS))
                        .orElseThrow(() -> new IllegalStateException("npm installed " + AnvilBinary.NPM_PACKAGE
                                + " but " + toolsDir.resolve(ANVIL_IN_TOOLS) + " is not there"))),
                cast.or(() -> executable(toolsDir.resolve(CAST_IN_TOOLS))));
    }

    /** cast from the same npm tree as anvil ({@code node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil}). */
    private static Optional<Path> castBeside(Path anvil) {
        var foundryRs = anvil.getParent() == null || anvil.getParent().getParent() == null
                ? null
                : anvil.getParent().getParent().getParent();
        return foundryRs == null
                ? Optional.empty()
                : executable(
                        foundryRs.resolve("cast-linux-amd64").resolve("bin").resolve("cast"));
    }

    private static Optional<Path> castOnPath() {
        var path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (var entry : path.split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                var found = executable(Path.of(entry, "cast"));
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Path> executable(Path candidate) {
        return Files.isRegularFile(candidate) && Files.isExecutable(candidate)
                ? Optional.of(candidate.toAbsolutePath().normalize())
                : Optional.empty();
    }

    private static void npmInstall(Path toolsDir, List<String> packages) {
        var command = new ArrayList<>(List.of(
                "npm",
                "install",
                "--no-audit",
                "--no-fund",
                "--no-save",
                "--prefix",
                toolsDir.toAbsolutePath().toString()));
        command.addAll(packages);
        log.info("event=chain_tools_installing packages={} dir={}", packages, toolsDir);
        try {
            Files.createDirectories(toolsDir);
            var logFile = toolsDir.resolve("npm-install.log");
            Process npm;
            try {
                npm = new ProcessBuilder(command)
                        .redirectErrorStream(true)
                        .redirectOutput(logFile.toFile())
                        .start();
            } catch (IOException e) {
                throw new IllegalStateException(
                        "the local chain needs anvil " + AnvilBinary.VERSION + ", which was not "
                                + "found (contracts/node_modules, " + toolsDir + ", PATH, "
                                + "BILLING_ANVIL_PATH), and npm, "
                                + "which would install it, is not installed: install Node.js 20 or newer with npm, or set "
                                + "BILLING_ANVIL_PATH to an anvil binary",
                        e);
            }
            if (!npm.waitFor(INSTALL_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                npm.destroyForcibly();
                throw new IllegalStateException(
                        "npm install of " + packages + " took over " + INSTALL_TIMEOUT_SECONDS + " s; see " + logFile);
            }
            if (npm.exitValue() != 0) {
                throw new IllegalStateException(
                        "npm install of " + packages + " failed (exit " + npm.exitValue() + "); see " + logFile);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot prepare " + toolsDir + " for npm: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while installing " + packages, e);
        }
    }
}
