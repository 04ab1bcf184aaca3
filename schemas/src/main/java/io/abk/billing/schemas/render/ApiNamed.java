package io.abk.billing.schemas.render;

import java.util.Locale;

/**
 * An enum whose constants are named on the API and on the wire by their Java name in lower case
 * ({@code SUBSCRIPTION_CYCLE} is {@code subscription_cycle}). One rule, so the enums of every service read and
 * write their names the same way; renaming a constant renames it on the wire.
 */
public interface ApiNamed {

    /** The constant's Java name ({@link Enum#name()}). */
    String name();

    /** The constant's name on the API and on the wire. */
    default String apiName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The constant of {@code type} named {@code apiName} on the API; any other name throws an
     * {@link IllegalArgumentException} whose message is {@code unknown} followed by the name.
     */
    static <E extends Enum<E> & ApiNamed> E parse(Class<E> type, String apiName, String unknown) {
        for (var constant : type.getEnumConstants()) {
            if (constant.apiName().equals(apiName)) {
                return constant;
            }
        }
        throw new IllegalArgumentException(unknown + apiName);
    }
}
