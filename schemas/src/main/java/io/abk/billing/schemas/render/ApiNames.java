package io.abk.billing.schemas.render;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The {@link ApiNamed} names of one enum's constants, worked out once per enum class: the names are read for every
 * record a service maps, so lower-casing them each time would be work repeated on the hot path.
 */
final class ApiNames {

    private static final ClassValue<ApiNames> OF_ENUM = new ClassValue<>() {
        @Override
        protected ApiNames computeValue(Class<?> enumType) {
            return new ApiNames(enumType.getEnumConstants());
        }
    };

    private final String[] byOrdinal;
    private final Map<String, Enum<?>> byApiName = new HashMap<>();

    private ApiNames(Object[] constants) {
        byOrdinal = new String[constants.length];
        for (var value : constants) {
            var constant = (Enum<?>) value;
            var apiName = constant.name().toLowerCase(Locale.ROOT);
            byOrdinal[constant.ordinal()] = apiName;
            byApiName.put(apiName, constant);
        }
    }

    static ApiNames of(Class<?> enumType) {
        return OF_ENUM.get(enumType);
    }

    String apiName(Enum<?> constant) {
        return byOrdinal[constant.ordinal()];
    }

    /** The constant named {@code apiName}, or null when the enum has none of that name. */
    @Nullable
    Enum<?> constant(String apiName) {
        return byApiName.get(apiName);
    }
}
