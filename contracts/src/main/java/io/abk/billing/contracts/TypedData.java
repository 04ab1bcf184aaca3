package io.abk.billing.contracts;

import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * An EIP-712 message to sign: its domain, its struct types, the primary type and the message's values; its
 * {@link #digest()} is what the signer signs and the contract recovers from, and {@link #json()} is the payload a
 * wallet's {@code eth_signTypedData_v4} takes. Values are {@link String} for addresses, {@code bytesN}, {@code bytes}
 * and {@code string} ({@code 0x} hex for the first three), {@link BigInteger} (or {@link Long}, {@link Integer}) for
 * integers, {@link Boolean} for {@code bool}, and a {@link Map} of the same for a struct.
 */
public final class TypedData {

    /** One member of a struct type, as EIP-712 lists them. */
    public record Field(String name, String type) {}

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final Eip712Domain domain;
    private final String primaryType;
    private final Map<String, List<Field>> types;
    private final Map<String, Object> message;

    private TypedData(
            Eip712Domain domain, String primaryType, Map<String, List<Field>> types, Map<String, Object> message) {
        this.domain = domain;
        this.primaryType = primaryType;
        this.types = types;
        this.message = message;
    }

    /**
     * The message's digest is computed here once, so a value that does not fit its type is refused at once.
     *
     * @param types the struct types without {@code EIP712Domain}, which the domain brings
     */
    public static TypedData of(
            Eip712Domain domain, String primaryType, Map<String, List<Field>> types, Map<String, Object> message) {
        var typed = new TypedData(
                domain,
                primaryType,
                java.util.Collections.unmodifiableMap(new LinkedHashMap<>(types)),
                java.util.Collections.unmodifiableMap(new LinkedHashMap<>(message)));
        typed.digest();
        return typed;
    }

    public Eip712Domain domain() {
        return domain;
    }

    public String primaryType() {
        return primaryType;
    }

    /** The struct types, without {@code EIP712Domain}. */
    public Map<String, List<Field>> types() {
        return types;
    }

    public Map<String, Object> message() {
        return message;
    }

    /** {@code 0x} hex of hashStruct(message), the part of the digest the contract hashes from its arguments. */
    public String structHash() {
        return EvmHex.of(TypedDataHasher.hashStruct(primaryType, types, message));
    }

    /** {@code 0x} hex of the EIP-712 hash, keccak256(0x1901 ‖ domain separator ‖ hashStruct(message)). */
    public String digest() {
        return EvmHex.of(TypedDataHasher.digest(domain, primaryType, types, message));
    }

    /**
     * The {@code eth_signTypedData_v4} payload: {@code types} (with {@code EIP712Domain}), {@code domain},
     * {@code primaryType}, {@code message}; every integer, the domain's chain id too, as a decimal string, so that
     * no JSON reader rounds a uint256.
     */
    public String json() {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode typesNode = root.putObject("types");
        addFields(typesNode, "EIP712Domain", TypedDataHasher.DOMAIN_FIELDS);
        types.forEach((name, fields) -> addFields(typesNode, name, fields));
        ObjectNode domainNode = root.putObject("domain");
        domainNode.put("name", domain.name());
        domainNode.put("version", domain.version());
        domainNode.put("chainId", Long.toString(domain.chainId()));
        domainNode.put("verifyingContract", domain.verifyingContract());
        root.put("primaryType", primaryType);
        putValues(root.putObject("message"), primaryType, message);
        return JSON.writeValueAsString(root);
    }

    private static void addFields(ObjectNode typesNode, String name, List<Field> fields) {
        var array = typesNode.putArray(name);
        for (Field field : fields) {
            array.addObject().put("name", field.name()).put("type", field.type());
        }
    }

    @SuppressWarnings("unchecked")
    private void putValues(ObjectNode node, String type, Map<String, ?> values) {
        for (Field field : TypedDataHasher.fields(type, types)) {
            Object value = values.get(field.name());
            switch (value) {
                case Map<?, ?> struct -> putValues(node.putObject(field.name()), field.type(), (Map<String, ?>) struct);
                case Boolean flag -> node.put(field.name(), flag);
                case BigInteger number -> node.put(field.name(), number.toString());
                case Long number -> node.put(field.name(), number.toString());
                case Integer number -> node.put(field.name(), number.toString());
                case null -> throw new IllegalArgumentException(type + "." + field.name() + " has no value");
                default -> node.put(field.name(), value.toString());
            }
        }
    }

    @Override
    public String toString() {
        return "TypedData[" + primaryType + ", " + domain + ", " + message + "]";
    }
}
