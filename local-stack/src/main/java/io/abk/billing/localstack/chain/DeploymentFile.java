package io.abk.billing.localstack.chain;

import io.abk.billing.contracts.ContractArtifacts;
import io.abk.billing.localchain.LocalChainDeployment;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Hash;

/**
 * Where the local chain's contracts are, kept in {@code <data>/local-chain.properties} beside the generated secrets,
 * so a restart finds the token and the vault it deployed before (their state is in anvil's state file).
 *
 * @param deployment   the addresses and the relayer the vault accepts
 * @param deployedFrom the first block that can hold the contracts' events: where the chain follower starts
 * @param vaultCode    {@link #vaultCodeOfThisBuild()} when the vault was deployed; empty for a file from before it was
 *                     kept
 */
record DeploymentFile(LocalChainDeployment deployment, long deployedFrom, String vaultCode) {

    static final String FILE_NAME = "local-chain.properties";
    private static final Logger log = LoggerFactory.getLogger(DeploymentFile.class);

    /** What the file says, or empty when it is missing or unreadable (then the contracts are deployed anew). */
    static Optional<DeploymentFile> read(Path file) {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            var properties = new Properties();
            properties.load(new StringReader(Files.readString(file)));
            return Optional.of(new DeploymentFile(
                    new LocalChainDeployment(
                            Long.parseLong(required(properties, "chain-id")),
                            required(properties, "token-address"),
                            required(properties, "vault-address"),
                            required(properties, "relayer-address")),
                    Long.parseLong(required(properties, "deployed-from-block")),
                    properties.getProperty("vault-code", "")));
        } catch (IOException | IllegalArgumentException e) {
            log.warn("event=local_chain_file_unreadable file={} reason={} action=deploy_again", file, e.getMessage());
            return Optional.empty();
        }
    }

    void write(Path file) {
        var properties = new Properties();
        properties.setProperty("chain-id", Long.toString(deployment.chainId()));
        properties.setProperty("token-address", deployment.tokenAddress());
        properties.setProperty("vault-address", deployment.vaultAddress());
        properties.setProperty("relayer-address", deployment.relayerAddress());
        properties.setProperty("deployed-from-block", Long.toString(deployedFrom));
        properties.setProperty("vault-code", vaultCode);
        try {
            var text = new StringWriter();
            properties.store(
                    text, "The local anvil chain's contracts, deployed once; delete with the chain/ directory");
            var temp = Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
            Files.writeString(temp, text.toString());
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * A fingerprint of the vault this build deploys (keccak256 of its compiled bytecode): a chain kept from an earlier
     * build whose vault differs (it lacks a function the relayer calls) gets the contracts deployed anew.
     */
    static String vaultCodeOfThisBuild() {
        return Hash.sha3(ContractArtifacts.vault().bytecode());
    }

    /** Whether the vault was deployed by a build with the same vault as this one. */
    boolean vaultOfThisBuild() {
        return vaultCode.equals(vaultCodeOfThisBuild());
    }

    private static String required(Properties properties, String key) {
        var value = properties.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(key + " missing");
        }
        return value.strip();
    }
}
