package io.abk.billing.gateway.platform.web;

import java.util.ArrayList;
import java.util.List;
import org.springframework.http.server.PathContainer;
import org.springframework.http.server.reactive.ServerHttpRequest;

/**
 * Which area of the API a request is for, and which of a handler's mapped paths it took, decided the way routing
 * decides it: on decoded path segments without matrix parameters. A raw-string prefix check would let
 * {@code /admin;x=1/v1/merchants} or {@code /%61dmin/v1/merchants} skip a guard while still reaching the guarded
 * route.
 */
public final class RequestPaths {

    private RequestPaths() {}

    /** True when the request's first path segments are {@code prefix} (empty segments ignored). */
    public static boolean isUnder(ServerHttpRequest request, String... prefix) {
        var segments = segments(request.getPath().pathWithinApplication());
        if (segments.size() < prefix.length) {
            return false;
        }
        for (int i = 0; i < prefix.length; i++) {
            if (!segments.get(i).equals(prefix[i])) {
                return false;
            }
        }
        return true;
    }

    /**
     * The request's last path segment as routing matched it (decoded, without matrix parameters): which of a handler's
     * several mapped paths the request took.
     */
    public static String lastSegment(ServerHttpRequest request) {
        var segments = segments(request.getPath().pathWithinApplication());
        return segments.isEmpty() ? "" : segments.getLast();
    }

    /**
     * The request's path as logs may show it: an invitation's link ({@code /dashboard/invitations/<token>}), a
     * customer portal's link ({@code /portal/s/<token>}) and a hosted invoice ({@code /invoice/<token>}) carry a
     * secret in their path, which is masked.
     */
    public static String forLog(ServerHttpRequest request) {
        if (isUnder(request, "dashboard", "invitations")) {
            return "/dashboard/invitations/***";
        }
        if (isUnder(request, "invoice")) {
            return "/invoice/***";
        }
        return isUnder(request, "portal", "s")
                ? "/portal/s/***"
                : request.getPath().value();
    }

    private static List<String> segments(PathContainer path) {
        var segments = new ArrayList<String>();
        for (var element : path.elements()) {
            if (element instanceof PathContainer.PathSegment segment
                    && !segment.valueToMatch().isEmpty()) {
                segments.add(segment.valueToMatch());
            }
        }
        return segments;
    }
}
