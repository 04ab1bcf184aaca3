package io.abk.billing.contracts;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Type;
import org.web3j.utils.Numeric;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The contracts compiled by this module's build (solc-js, see {@code compile.mjs}), read from the classpath, and
 * their creation code with constructor arguments for a deployment transaction.
 */
public final class ContractArtifacts {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private ContractArtifacts() {}

    public static ContractArtifact vault() {
        return load("SubscriptionVault");
    }

    public static ContractArtifact testUsdc() {
        return load("TestUSDC");
    }

    /** Data of the transaction deploying a vault whose only charging account is {@code relayer}. */
    public static String vaultCreationCode(String relayer) {
        return vault().bytecode()
                + Numeric.cleanHexPrefix(
                        FunctionEncoder.encodeConstructor(List.<Type>of(Abi.address(relayer, "relayer"))));
    }

    /** Data of the transaction deploying the test token (no constructor arguments). */
    public static String testUsdcCreationCode() {
        return testUsdc().bytecode();
    }

    private static ContractArtifact load(String name) {
        String resource = name + ".json";
        try (InputStream in = ContractArtifacts.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(
                        "no compiled contract " + resource + " next to " + ContractArtifacts.class.getName()
                                + "; the contracts module's build writes it (needs Node.js)");
            }
            JsonNode artifact = JSON.readTree(in);
            return new ContractArtifact(
                    name,
                    artifact.get("abi").toString(),
                    artifact.get("bytecode").asString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read compiled contract " + resource, e);
        }
    }
}
