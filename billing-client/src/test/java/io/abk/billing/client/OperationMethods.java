package io.abk.billing.client;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Every method of the library that calls an operation: found from {@link Billing}'s service accessors and their
 * {@link Operation} annotations, so a new service or method cannot be forgotten by the tests that hold them to the
 * contract.
 */
final class OperationMethods {

    /** One method, the accessor of its service ({@code subscriptions}) and the operationId it calls. */
    record OperationMethod(String accessor, Method method, String operationId) {

        String name() {
            return accessor + "." + method.getName();
        }
    }

    private OperationMethods() {}

    static List<OperationMethod> all() {
        var found = new ArrayList<OperationMethod>();
        for (var accessor : Billing.class.getMethods()) {
            if (accessor.getDeclaringClass() != Billing.class
                    || accessor.getParameterCount() != 0
                    || Modifier.isStatic(accessor.getModifiers())
                    || !accessor.getReturnType().getPackageName().endsWith(".service")) {
                continue;
            }
            for (var method : accessor.getReturnType().getMethods()) {
                var operation = method.getAnnotation(Operation.class);
                if (operation != null) {
                    found.add(new OperationMethod(accessor.getName(), method, operation.value()));
                }
            }
        }
        return found;
    }
}
