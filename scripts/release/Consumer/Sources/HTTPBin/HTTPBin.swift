// The endpoints are generated at build time from openapi.yaml (BricksOpenAPIPlugin).
