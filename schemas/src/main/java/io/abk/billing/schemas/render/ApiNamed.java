package io.abk.billing.schemas.render;

/**
 * An enum whose constants are named on the API and on the wire by their Java name in lower case
 * ({@code SUBSCRIPTION_CYCLE} is {@code subscription_cycle}). One rule, so the enums of every service read and
 * write their names the same way; renaming a constant renames it on the wire. Only enums implement it; each enum's
 * names are worked out once ({@code ApiNames}).
 */
public interface ApiNamed {

    /** The constant's Java name ({@link Enum#name()}). */
    String name();

    /** The constant's name on the API and on the wire. */
    default String apiName() {
        var constant = (Enum<?>) this;
        return ApiNames.of(constant.getDeclaringClass()).apiName(constant);
    }

    /**
     * The constant of {@code type} named {@code apiName} on the API; any other name throws an
     * {@link IllegalArgumentException} whose message is {@code unknown} followed by the name.
     */
    static <E extends Enum<E> & ApiNamed> E parse(Class<E> type, String apiName, String unknown) {
        var constant = ApiNames.of(type).constant(apiName);
        if (constant == null) {
            throw new IllegalArgumentException(unknown + apiName);
        }
        return type.cast(constant);
    }
}
