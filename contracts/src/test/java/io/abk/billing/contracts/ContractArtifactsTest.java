package io.abk.billing.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The compiled ABI and the hand-written Java agree: every selector, event and error the Java side knows exists. */
class ContractArtifactsTest {

    @Test
    void shouldLoadTheCompiledContractsFromTheClasspath() {
        assertThat(ContractArtifacts.vault().bytecode()).startsWith("0x60").hasSizeGreaterThan(1_000);
        assertThat(ContractArtifacts.testUsdc().bytecode()).startsWith("0x60");
        assertThat(ContractArtifacts.vaultCreationCode("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"))
                .endsWith("00000000000000000000000070997970c51812dc3a010c7d01b50e0d17dc79c8");
    }

    @Test
    void shouldKnowEveryErrorOfTheVaultAndTheToken() {
        List<String> compiled = new ArrayList<>(signatures(ContractArtifacts.vault(), "error"));
        compiled.addAll(signatures(ContractArtifacts.testUsdc(), "error"));

        assertThat(VaultErrorDecoder.signatures().toList()).containsExactlyInAnyOrderElementsOf(compiled);
    }

    @Test
    void shouldMatchTheCompiledFunctionsAndEvents() {
        assertThat(signatures(ContractArtifacts.vault(), "function"))
                .contains(
                        "subscribe(bytes32,address,address,uint256,uint16,uint64)",
                        "charge(bytes32,uint256,bytes32)",
                        "chargeBatch(tuple[])",
                        "chargeItem(bytes32,uint256,bytes32)",
                        "cancel(bytes32)",
                        "refund(bytes32,uint256,bytes32)",
                        "getSubscription(bytes32)",
                        "chargeOf(bytes32)",
                        "nextChargeAt(bytes32)",
                        "periodStart(bytes32,uint32)",
                        "addMonths(uint64,uint256)",
                        "subscribeBySignature(tuple,bytes,tuple,bytes32,uint256)",
                        "cancelBySignature(bytes32,uint256,bytes)",
                        "nonceUsed(address,bytes32)",
                        "DOMAIN_SEPARATOR()",
                        "eip712Domain()");
        assertThat(signatures(ContractArtifacts.vault(), "event"))
                .containsExactlyInAnyOrder(
                        "Subscribed(bytes32,address,address,address,uint256,uint16,uint64)",
                        "Charged(bytes32,uint32,uint256,bytes32)",
                        "ChargeFailed(bytes32,bytes32,bytes)",
                        "Canceled(bytes32,address)",
                        "Refunded(bytes32,uint256,bytes32)");
        assertThat(signatures(ContractArtifacts.testUsdc(), "function"))
                .contains(
                        "mint(address,uint256)",
                        "transfer(address,uint256)",
                        "approve(address,uint256)",
                        "transferFrom(address,address,uint256)",
                        "balanceOf(address)",
                        "allowance(address,address)",
                        "decimals()",
                        "name()",
                        "version()",
                        "nonces(address)",
                        "DOMAIN_SEPARATOR()",
                        "authorizationState(address,bytes32)",
                        "permit(address,address,uint256,uint256,uint8,bytes32,bytes32)",
                        "permit(address,address,uint256,uint256,bytes)",
                        "transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)",
                        "transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,bytes)",
                        "receiveWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)",
                        "receiveWithAuthorization(address,address,uint256,uint256,uint256,bytes32,bytes)",
                        "cancelAuthorization(address,bytes32,uint8,bytes32,bytes32)",
                        "cancelAuthorization(address,bytes32,bytes)");
        assertThat(signatures(ContractArtifacts.testUsdc(), "event"))
                .containsExactlyInAnyOrder(
                        "Transfer(address,address,uint256)",
                        "Approval(address,address,uint256)",
                        "AuthorizationUsed(address,bytes32)",
                        "AuthorizationCanceled(address,bytes32)");
    }

    private static List<String> signatures(ContractArtifact artifact, String kind) {
        List<String> signatures = new ArrayList<>();
        for (JsonNode entry : JsonMapper.builder().build().readTree(artifact.abiJson())) {
            if (entry.get("type").asString().equals(kind)) {
                List<String> types = new ArrayList<>();
                entry.get("inputs").forEach(input -> types.add(input.get("type").asString()));
                signatures.add(entry.get("name").asString() + "(" + String.join(",", types) + ")");
            }
        }
        return signatures;
    }
}
