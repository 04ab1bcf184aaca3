package io.abk.billing.contracts;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.Type;
import org.web3j.abi.datatypes.generated.Uint16;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.abi.datatypes.generated.Uint32;
import org.web3j.abi.datatypes.generated.Uint64;
import org.web3j.utils.Numeric;

/** Logs of the vault into {@link VaultEvent}s; indexed values come from the topics, the others from the data. */
final class VaultEventDecoder {

    private VaultEventDecoder() {}

    static Optional<VaultEvent> decode(List<String> topics, String data) {
        if (topics.isEmpty()) {
            return Optional.empty();
        }
        String topic0 = topics.getFirst().toLowerCase(Locale.ROOT);
        if (topic0.equals(SubscriptionVaultAbi.SUBSCRIBED_TOPIC)) {
            requireTopics(topics, 4, "Subscribed");
            List<Type> words = Abi.decode(data, Address.class, Uint256.class, Uint16.class, Uint64.class);
            return Optional.of(new VaultEvent.Subscribed(
                    word(topics, 1),
                    address(topics, 2),
                    address(topics, 3),
                    Abi.hex((Address) words.get(0)),
                    Abi.value(words.get(1)),
                    Abi.value(words.get(2)).intValueExact(),
                    Abi.instant(Abi.value(words.get(3)))));
        }
        if (topic0.equals(SubscriptionVaultAbi.CHARGED_TOPIC)) {
            requireTopics(topics, 3, "Charged");
            List<Type> words = Abi.decode(data, Uint32.class, Uint256.class);
            return Optional.of(new VaultEvent.Charged(
                    word(topics, 1),
                    Abi.value(words.get(0)).longValueExact(),
                    Abi.value(words.get(1)),
                    word(topics, 2)));
        }
        if (topic0.equals(SubscriptionVaultAbi.CHARGE_FAILED_TOPIC)) {
            requireTopics(topics, 3, "ChargeFailed");
            var reason = (DynamicBytes) Abi.decode(data, DynamicBytes.class).getFirst();
            return Optional.of(new VaultEvent.ChargeFailed(
                    word(topics, 1),
                    word(topics, 2),
                    VaultErrorDecoder.decode(Numeric.toHexString(reason.getValue()))));
        }
        if (topic0.equals(SubscriptionVaultAbi.CANCELED_TOPIC)) {
            requireTopics(topics, 3, "Canceled");
            return Optional.of(new VaultEvent.Canceled(word(topics, 1), address(topics, 2)));
        }
        if (topic0.equals(SubscriptionVaultAbi.REFUNDED_TOPIC)) {
            requireTopics(topics, 3, "Refunded");
            BigInteger amount = Abi.uint(data);
            return Optional.of(new VaultEvent.Refunded(word(topics, 1), amount, word(topics, 2)));
        }
        return Optional.empty();
    }

    /** An indexed address: the low 20 bytes of its topic. */
    static String address(List<String> topics, int index) {
        return EvmHex.address("0x" + word(topics, index).substring(26), "topic " + index);
    }

    private static String word(List<String> topics, int index) {
        return EvmHex.word(topics.get(index), "topic " + index);
    }

    private static void requireTopics(List<String> topics, int expected, String event) {
        if (topics.size() != expected) {
            throw new IllegalArgumentException(event + " log has " + topics.size() + " topics, expected " + expected);
        }
    }
}
