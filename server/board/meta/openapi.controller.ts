import { Controller, Get, Injectable } from '@nestjs/common';
import { ApiExcludeController, type OpenAPIObject } from '@nestjs/swagger';

/**
 * The OpenAPI document of the board's routes. The application gives it a builder once it
 * is assembled; the document is built at the first read, so a board nobody asks for it
 * neither spends the scan at start-up nor keeps the document.
 */
@Injectable()
export class OpenApiDocument {
  private build: (() => OpenAPIObject) | null = null;
  private document: OpenAPIObject | null = null;

  builtBy(build: () => OpenAPIObject): void {
    this.build = build;
    this.document = null;
  }

  get(): OpenAPIObject {
    if (!this.document) {
      if (!this.build) throw new Error('The OpenAPI document has no builder yet');
      this.document = this.build();
    }
    return this.document;
  }
}

/** `GET /api/docs`: the document, through the same guards as every route (unknown query parameters are a 400). */
@ApiExcludeController()
@Controller('api/docs')
export class OpenApiController {
  constructor(private readonly document: OpenApiDocument) {}

  @Get()
  docs(): OpenAPIObject {
    return this.document.get();
  }
}
