export namespace app {
	
	export class AuditValueDTO {
	    a: string;
	    b: string;
	
	    static createFrom(source: any = {}) {
	        return new AuditValueDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.a = source["a"];
	        this.b = source["b"];
	    }
	}
	export class AuditStatementDTO {
	    doc_id: string;
	    title: string;
	    date: string;
	    date_source: string;
	    chunk_id: string;
	    quote: string;
	    flags: string[];
	
	    static createFrom(source: any = {}) {
	        return new AuditStatementDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.doc_id = source["doc_id"];
	        this.title = source["title"];
	        this.date = source["date"];
	        this.date_source = source["date_source"];
	        this.chunk_id = source["chunk_id"];
	        this.quote = source["quote"];
	        this.flags = source["flags"];
	    }
	}
	export class AuditConflictDTO {
	    key: string;
	    topic: string;
	    a: AuditStatementDTO;
	    b: AuditStatementDTO;
	    values: AuditValueDTO[];
	    confidence: number;
	    newer: string;
	    status: string;
	    note: string;
	
	    static createFrom(source: any = {}) {
	        return new AuditConflictDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.topic = source["topic"];
	        this.a = this.convertValues(source["a"], AuditStatementDTO);
	        this.b = this.convertValues(source["b"], AuditStatementDTO);
	        this.values = this.convertValues(source["values"], AuditValueDTO);
	        this.confidence = source["confidence"];
	        this.newer = source["newer"];
	        this.status = source["status"];
	        this.note = source["note"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class AuditReportDTO {
	    audited: boolean;
	    engine: string;
	    model: string;
	    embed_model: string;
	    conflicts: AuditConflictDTO[];
	    documents: number;
	    reused: number;
	    warnings: string[];
	    elapsed_ms: number;
	
	    static createFrom(source: any = {}) {
	        return new AuditReportDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.audited = source["audited"];
	        this.engine = source["engine"];
	        this.model = source["model"];
	        this.embed_model = source["embed_model"];
	        this.conflicts = this.convertValues(source["conflicts"], AuditConflictDTO);
	        this.documents = source["documents"];
	        this.reused = source["reused"];
	        this.warnings = source["warnings"];
	        this.elapsed_ms = source["elapsed_ms"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	export class ValueChangeDTO {
	    old: string;
	    new: string;
	
	    static createFrom(source: any = {}) {
	        return new ValueChangeDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.old = source["old"];
	        this.new = source["new"];
	    }
	}
	export class ChangedFactDTO {
	    doc_id: string;
	    title: string;
	    old: string;
	    new: string;
	    current: string;
	    kind: string;
	    values: ValueChangeDTO[];
	    date: string;
	    commit: string;
	    message: string;
	    republished: boolean;
	
	    static createFrom(source: any = {}) {
	        return new ChangedFactDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.doc_id = source["doc_id"];
	        this.title = source["title"];
	        this.old = source["old"];
	        this.new = source["new"];
	        this.current = source["current"];
	        this.kind = source["kind"];
	        this.values = this.convertValues(source["values"], ValueChangeDTO);
	        this.date = source["date"];
	        this.commit = source["commit"];
	        this.message = source["message"];
	        this.republished = source["republished"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ChangedFactsDTO {
	    facts: ChangedFactDTO[];
	    notice: string;
	    warnings: string[];
	
	    static createFrom(source: any = {}) {
	        return new ChangedFactsDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.facts = this.convertValues(source["facts"], ChangedFactDTO);
	        this.notice = source["notice"];
	        this.warnings = source["warnings"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ConnectionTestDTO {
	    ok: boolean;
	    base_url: string;
	    model: string;
	    latency_ms: number;
	    message: string;
	    detail: string;
	
	    static createFrom(source: any = {}) {
	        return new ConnectionTestDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.ok = source["ok"];
	        this.base_url = source["base_url"];
	        this.model = source["model"];
	        this.latency_ms = source["latency_ms"];
	        this.message = source["message"];
	        this.detail = source["detail"];
	    }
	}
	export class DocumentChunkDTO {
	    chunk_id: string;
	    start: number;
	    end: number;
	
	    static createFrom(source: any = {}) {
	        return new DocumentChunkDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.chunk_id = source["chunk_id"];
	        this.start = source["start"];
	        this.end = source["end"];
	    }
	}
	export class DocumentRowDTO {
	    id: string;
	    title: string;
	    path: string;
	    url: string;
	    chunks: number;
	    status: string;
	    publish: string;
	
	    static createFrom(source: any = {}) {
	        return new DocumentRowDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.title = source["title"];
	        this.path = source["path"];
	        this.url = source["url"];
	        this.chunks = source["chunks"];
	        this.status = source["status"];
	        this.publish = source["publish"];
	    }
	}
	export class DocumentViewDTO {
	    id: string;
	    title: string;
	    path: string;
	    url: string;
	    modified: string;
	    modified_source: string;
	    format: string;
	    markdown: string;
	    chunks?: DocumentChunkDTO[];
	    status: string;
	
	    static createFrom(source: any = {}) {
	        return new DocumentViewDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.title = source["title"];
	        this.path = source["path"];
	        this.url = source["url"];
	        this.modified = source["modified"];
	        this.modified_source = source["modified_source"];
	        this.format = source["format"];
	        this.markdown = source["markdown"];
	        this.chunks = this.convertValues(source["chunks"], DocumentChunkDTO);
	        this.status = source["status"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ReplacedDraftDTO {
	    words: number;
	    text: string;
	    file_name: string;
	    by: string;
	    replaced_at: string;
	
	    static createFrom(source: any = {}) {
	        return new ReplacedDraftDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.words = source["words"];
	        this.text = source["text"];
	        this.file_name = source["file_name"];
	        this.by = source["by"];
	        this.replaced_at = source["replaced_at"];
	    }
	}
	export class WorkingDraftDTO {
	    text: string;
	    file_name: string;
	    cursor: number;
	    version: number;
	    saved_at: string;
	
	    static createFrom(source: any = {}) {
	        return new WorkingDraftDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.text = source["text"];
	        this.file_name = source["file_name"];
	        this.cursor = source["cursor"];
	        this.version = source["version"];
	        this.saved_at = source["saved_at"];
	    }
	}
	export class DraftReplacementDTO {
	    draft: WorkingDraftDTO;
	    replaced?: ReplacedDraftDTO;
	
	    static createFrom(source: any = {}) {
	        return new DraftReplacementDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.draft = this.convertValues(source["draft"], WorkingDraftDTO);
	        this.replaced = this.convertValues(source["replaced"], ReplacedDraftDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class EvalEstimateDTO {
	    set: string;
	    engine: string;
	    questions: number;
	    calls: number;
	    calls_per_question: number;
	    input_tokens: number;
	    output_tokens: number;
	    cost: number;
	    cost_known: boolean;
	    seconds: number;
	    time_basis: string;
	    missing_refs: string[];
	    warning: string;
	
	    static createFrom(source: any = {}) {
	        return new EvalEstimateDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.set = source["set"];
	        this.engine = source["engine"];
	        this.questions = source["questions"];
	        this.calls = source["calls"];
	        this.calls_per_question = source["calls_per_question"];
	        this.input_tokens = source["input_tokens"];
	        this.output_tokens = source["output_tokens"];
	        this.cost = source["cost"];
	        this.cost_known = source["cost_known"];
	        this.seconds = source["seconds"];
	        this.time_basis = source["time_basis"];
	        this.missing_refs = source["missing_refs"];
	        this.warning = source["warning"];
	    }
	}
	export class EvalTargetDTO {
	    kind: string;
	    path: string;
	    judge: string;
	
	    static createFrom(source: any = {}) {
	        return new EvalTargetDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.path = source["path"];
	        this.judge = source["judge"];
	    }
	}
	export class GoldenRowDTO {
	    id: string;
	    question: string;
	    category: string;
	    approved_answer: string;
	    reference_doc_ids: string[];
	    supporting_line: string;
	    owner: string;
	    notes: string;
	    tags: string[];
	
	    static createFrom(source: any = {}) {
	        return new GoldenRowDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.question = source["question"];
	        this.category = source["category"];
	        this.approved_answer = source["approved_answer"];
	        this.reference_doc_ids = source["reference_doc_ids"];
	        this.supporting_line = source["supporting_line"];
	        this.owner = source["owner"];
	        this.notes = source["notes"];
	        this.tags = source["tags"];
	    }
	}
	export class GoldenFromTriageDTO {
	    set: string;
	    row: GoldenRowDTO;
	
	    static createFrom(source: any = {}) {
	        return new GoldenFromTriageDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.set = source["set"];
	        this.row = this.convertValues(source["row"], GoldenRowDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class GoldenProblemDTO {
	    sheet: string;
	    row: number;
	    column: string;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new GoldenProblemDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.sheet = source["sheet"];
	        this.row = source["row"];
	        this.column = source["column"];
	        this.message = source["message"];
	    }
	}
	export class GoldenImportDTO {
	    cancelled: boolean;
	    file: string;
	    set: string;
	    imported: number;
	    saved: boolean;
	    unchanged: boolean;
	    version: number;
	    errors: GoldenProblemDTO[];
	    warnings: GoldenProblemDTO[];
	
	    static createFrom(source: any = {}) {
	        return new GoldenImportDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.cancelled = source["cancelled"];
	        this.file = source["file"];
	        this.set = source["set"];
	        this.imported = source["imported"];
	        this.saved = source["saved"];
	        this.unchanged = source["unchanged"];
	        this.version = source["version"];
	        this.errors = this.convertValues(source["errors"], GoldenProblemDTO);
	        this.warnings = this.convertValues(source["warnings"], GoldenProblemDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class GoldenIssueDTO {
	    severity: string;
	    row_id: string;
	    position: number;
	    field: string;
	    message: string;
	    reason?: string;
	    row?: number;
	    suggest?: string;
	
	    static createFrom(source: any = {}) {
	        return new GoldenIssueDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.severity = source["severity"];
	        this.row_id = source["row_id"];
	        this.position = source["position"];
	        this.field = source["field"];
	        this.message = source["message"];
	        this.reason = source["reason"];
	        this.row = source["row"];
	        this.suggest = source["suggest"];
	    }
	}
	export class GoldenRowChangeDTO {
	    id: string;
	    question: string;
	    fields: string[];
	
	    static createFrom(source: any = {}) {
	        return new GoldenRowChangeDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.question = source["question"];
	        this.fields = source["fields"];
	    }
	}
	export class GoldenPreviewDTO {
	    file: string;
	    set: string;
	    default_set: string;
	    exported_from: string;
	    exported_version: number;
	    exists: boolean;
	    current_version: number;
	    rows: number;
	    importable: number;
	    storable: boolean;
	    unchanged: boolean;
	    reordered: boolean;
	    added: GoldenRowChangeDTO[];
	    changed: GoldenRowChangeDTO[];
	    removed: GoldenRowChangeDTO[];
	    errors: GoldenProblemDTO[];
	    warnings: GoldenProblemDTO[];
	
	    static createFrom(source: any = {}) {
	        return new GoldenPreviewDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.file = source["file"];
	        this.set = source["set"];
	        this.default_set = source["default_set"];
	        this.exported_from = source["exported_from"];
	        this.exported_version = source["exported_version"];
	        this.exists = source["exists"];
	        this.current_version = source["current_version"];
	        this.rows = source["rows"];
	        this.importable = source["importable"];
	        this.storable = source["storable"];
	        this.unchanged = source["unchanged"];
	        this.reordered = source["reordered"];
	        this.added = this.convertValues(source["added"], GoldenRowChangeDTO);
	        this.changed = this.convertValues(source["changed"], GoldenRowChangeDTO);
	        this.removed = this.convertValues(source["removed"], GoldenRowChangeDTO);
	        this.errors = this.convertValues(source["errors"], GoldenProblemDTO);
	        this.warnings = this.convertValues(source["warnings"], GoldenProblemDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	
	export class GoldenSetDTO {
	    name: string;
	    description: string;
	    version: number;
	    updated_at: string;
	    updated_by: string;
	    row_count: number;
	
	    static createFrom(source: any = {}) {
	        return new GoldenSetDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.description = source["description"];
	        this.version = source["version"];
	        this.updated_at = source["updated_at"];
	        this.updated_by = source["updated_by"];
	        this.row_count = source["row_count"];
	    }
	}
	export class GoldenSetViewDTO {
	    set: GoldenSetDTO;
	    rows: GoldenRowDTO[];
	    issues: GoldenIssueDTO[];
	    validation_note: string;
	
	    static createFrom(source: any = {}) {
	        return new GoldenSetViewDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.set = this.convertValues(source["set"], GoldenSetDTO);
	        this.rows = this.convertValues(source["rows"], GoldenRowDTO);
	        this.issues = this.convertValues(source["issues"], GoldenIssueDTO);
	        this.validation_note = source["validation_note"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class GoldenStaleDTO {
	    set: string;
	    rows: number;
	    issues: GoldenIssueDTO[];
	    engine: string;
	    note?: string;
	
	    static createFrom(source: any = {}) {
	        return new GoldenStaleDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.set = source["set"];
	        this.rows = source["rows"];
	        this.issues = this.convertValues(source["issues"], GoldenIssueDTO);
	        this.engine = source["engine"];
	        this.note = source["note"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class GoldenStatusDTO {
	    path: string;
	    exists: boolean;
	
	    static createFrom(source: any = {}) {
	        return new GoldenStatusDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.exists = source["exists"];
	    }
	}
	export class GoldenVersionDTO {
	    version: number;
	    saved_at: string;
	    saved_by: string;
	    summary: string;
	    row_count: number;
	
	    static createFrom(source: any = {}) {
	        return new GoldenVersionDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.version = source["version"];
	        this.saved_at = source["saved_at"];
	        this.saved_by = source["saved_by"];
	        this.summary = source["summary"];
	        this.row_count = source["row_count"];
	    }
	}
	export class GuidelineErrorDTO {
	    line: number;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new GuidelineErrorDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.line = source["line"];
	        this.message = source["message"];
	    }
	}
	export class GuidelinesDTO {
	    path: string;
	    text: string;
	
	    static createFrom(source: any = {}) {
	        return new GuidelinesDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.text = source["text"];
	    }
	}
	export class GuidelinesValidationDTO {
	    valid: boolean;
	    saved: boolean;
	    rules: number;
	    errors: GuidelineErrorDTO[];
	
	    static createFrom(source: any = {}) {
	        return new GuidelinesValidationDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.valid = source["valid"];
	        this.saved = source["saved"];
	        this.rules = source["rules"];
	        this.errors = this.convertValues(source["errors"], GuidelineErrorDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class IgnoreLineErrorDTO {
	    line: number;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new IgnoreLineErrorDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.line = source["line"];
	        this.message = source["message"];
	    }
	}
	export class IgnoreRuleDTO {
	    source: string;
	    line: number;
	    pattern: string;
	
	    static createFrom(source: any = {}) {
	        return new IgnoreRuleDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.source = source["source"];
	        this.line = source["line"];
	        this.pattern = source["pattern"];
	    }
	}
	export class IgnoreRulesDTO {
	    path: string;
	    text: string;
	    defaults: string[];
	    rules: IgnoreRuleDTO[];
	    errors: IgnoreLineErrorDTO[];
	
	    static createFrom(source: any = {}) {
	        return new IgnoreRulesDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.text = source["text"];
	        this.defaults = source["defaults"];
	        this.rules = this.convertValues(source["rules"], IgnoreRuleDTO);
	        this.errors = this.convertValues(source["errors"], IgnoreLineErrorDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class IndexDriftDTO {
	    kind: string;
	    doc_id: string;
	    path: string;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new IndexDriftDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.doc_id = source["doc_id"];
	        this.path = source["path"];
	        this.message = source["message"];
	    }
	}
	export class SkippedDTO {
	    path: string;
	    reason: string;
	    detail: string;
	
	    static createFrom(source: any = {}) {
	        return new SkippedDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.reason = source["reason"];
	        this.detail = source["detail"];
	    }
	}
	export class IndexWarningDTO {
	    path: string;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new IndexWarningDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.message = source["message"];
	    }
	}
	export class IndexStatsDTO {
	    documents: number;
	    chunks: number;
	    last_sync: string;
	    warnings: IndexWarningDTO[];
	    skipped: SkippedDTO[];
	    repairs: string[];
	    embedder: string;
	    embed_model: string;
	    embed_notice: string;
	    synced_dir: string;
	    sentence_vectors: number;
	    sentences: number;
	
	    static createFrom(source: any = {}) {
	        return new IndexStatsDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.documents = source["documents"];
	        this.chunks = source["chunks"];
	        this.last_sync = source["last_sync"];
	        this.warnings = this.convertValues(source["warnings"], IndexWarningDTO);
	        this.skipped = this.convertValues(source["skipped"], SkippedDTO);
	        this.repairs = source["repairs"];
	        this.embedder = source["embedder"];
	        this.embed_model = source["embed_model"];
	        this.embed_notice = source["embed_notice"];
	        this.synced_dir = source["synced_dir"];
	        this.sentence_vectors = source["sentence_vectors"];
	        this.sentences = source["sentences"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class IndexVerificationDTO {
	    clean: boolean;
	    workspace_documents: number;
	    indexed_documents: number;
	    expected_chunks: number;
	    chunks: number;
	    lexical_chunks: number;
	    drift: IndexDriftDTO[];
	    hint: string;
	
	    static createFrom(source: any = {}) {
	        return new IndexVerificationDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.clean = source["clean"];
	        this.workspace_documents = source["workspace_documents"];
	        this.indexed_documents = source["indexed_documents"];
	        this.expected_chunks = source["expected_chunks"];
	        this.chunks = source["chunks"];
	        this.lexical_chunks = source["lexical_chunks"];
	        this.drift = this.convertValues(source["drift"], IndexDriftDTO);
	        this.hint = source["hint"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class KeyStatusDTO {
	    present: boolean;
	    source: string;
	    warning: string;
	    host: string;
	    sent_to_endpoint: boolean;
	    endpoint: string;
	
	    static createFrom(source: any = {}) {
	        return new KeyStatusDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.present = source["present"];
	        this.source = source["source"];
	        this.warning = source["warning"];
	        this.host = source["host"];
	        this.sent_to_endpoint = source["sent_to_endpoint"];
	        this.endpoint = source["endpoint"];
	    }
	}
	export class ModelPriceDTO {
	    model: string;
	    input_per_mtok: number;
	    output_per_mtok: number;
	
	    static createFrom(source: any = {}) {
	        return new ModelPriceDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.model = source["model"];
	        this.input_per_mtok = source["input_per_mtok"];
	        this.output_per_mtok = source["output_per_mtok"];
	    }
	}
	export class ModelsDTO {
	    answer: string;
	    judge: string;
	    embedding: string;
	
	    static createFrom(source: any = {}) {
	        return new ModelsDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.answer = source["answer"];
	        this.judge = source["judge"];
	        this.embedding = source["embedding"];
	    }
	}
	export class MuddyCountDTO {
	    doc_id: string;
	    title: string;
	    count: number;
	
	    static createFrom(source: any = {}) {
	        return new MuddyCountDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.doc_id = source["doc_id"];
	        this.title = source["title"];
	        this.count = source["count"];
	    }
	}
	export class MuddyFindingDTO {
	    sentence: string;
	    kind: string;
	    why: string;
	    rewrite: string;
	
	    static createFrom(source: any = {}) {
	        return new MuddyFindingDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.sentence = source["sentence"];
	        this.kind = source["kind"];
	        this.why = source["why"];
	        this.rewrite = source["rewrite"];
	    }
	}
	export class MuddyDocumentDTO {
	    doc_id: string;
	    title: string;
	    words: number;
	    findings: MuddyFindingDTO[];
	
	    static createFrom(source: any = {}) {
	        return new MuddyDocumentDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.doc_id = source["doc_id"];
	        this.title = source["title"];
	        this.words = source["words"];
	        this.findings = this.convertValues(source["findings"], MuddyFindingDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class MuddySummaryDTO {
	    documents: MuddyCountDTO[];
	    checked: number;
	    warnings: string[];
	
	    static createFrom(source: any = {}) {
	        return new MuddySummaryDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.documents = this.convertValues(source["documents"], MuddyCountDTO);
	        this.checked = source["checked"];
	        this.warnings = source["warnings"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class OpenedDraftDTO {
	    name: string;
	    format: string;
	    markdown: string;
	
	    static createFrom(source: any = {}) {
	        return new OpenedDraftDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.format = source["format"];
	        this.markdown = source["markdown"];
	    }
	}
	
	export class SavedThresholdDTO {
	    threshold: number;
	    default_threshold: number;
	    model: string;
	    changes: number;
	    pairs: number;
	    date: string;
	    describe: string;
	
	    static createFrom(source: any = {}) {
	        return new SavedThresholdDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.threshold = source["threshold"];
	        this.default_threshold = source["default_threshold"];
	        this.model = source["model"];
	        this.changes = source["changes"];
	        this.pairs = source["pairs"];
	        this.date = source["date"];
	        this.describe = source["describe"];
	    }
	}
	export class SearchHitDTO {
	    rank: number;
	    doc_id: string;
	    chunk_id: string;
	    title: string;
	    url: string;
	    heading_path: string[];
	    text: string;
	    score: number;
	    bm25_rank: number;
	    vector_rank: number;
	
	    static createFrom(source: any = {}) {
	        return new SearchHitDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rank = source["rank"];
	        this.doc_id = source["doc_id"];
	        this.chunk_id = source["chunk_id"];
	        this.title = source["title"];
	        this.url = source["url"];
	        this.heading_path = source["heading_path"];
	        this.text = source["text"];
	        this.score = source["score"];
	        this.bm25_rank = source["bm25_rank"];
	        this.vector_rank = source["vector_rank"];
	    }
	}
	export class SearchComparisonDTO {
	    query: string;
	    bm25: SearchHitDTO[];
	    vector: SearchHitDTO[];
	    hybrid: SearchHitDTO[];
	
	    static createFrom(source: any = {}) {
	        return new SearchComparisonDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.query = source["query"];
	        this.bm25 = this.convertValues(source["bm25"], SearchHitDTO);
	        this.vector = this.convertValues(source["vector"], SearchHitDTO);
	        this.hybrid = this.convertValues(source["hybrid"], SearchHitDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class SettingsDTO {
	    engine: string;
	    base_url: string;
	    models: ModelsDTO;
	    corpus_dir: string;
	    audit_log: boolean;
	    timeout_seconds: number;
	    max_concurrency: number;
	    max_retries: number;
	    requests_per_minute: number;
	    tokens_per_minute: number;
	    api_version: string;
	    allow_insecure_http: boolean;
	    git_history: boolean;
	
	    static createFrom(source: any = {}) {
	        return new SettingsDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.engine = source["engine"];
	        this.base_url = source["base_url"];
	        this.models = this.convertValues(source["models"], ModelsDTO);
	        this.corpus_dir = source["corpus_dir"];
	        this.audit_log = source["audit_log"];
	        this.timeout_seconds = source["timeout_seconds"];
	        this.max_concurrency = source["max_concurrency"];
	        this.max_retries = source["max_retries"];
	        this.requests_per_minute = source["requests_per_minute"];
	        this.tokens_per_minute = source["tokens_per_minute"];
	        this.api_version = source["api_version"];
	        this.allow_insecure_http = source["allow_insecure_http"];
	        this.git_history = source["git_history"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class SourceSkipDTO {
	    origin: string;
	    reason: string;
	
	    static createFrom(source: any = {}) {
	        return new SourceSkipDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.origin = source["origin"];
	        this.reason = source["reason"];
	    }
	}
	export class SourceDTO {
	    name: string;
	    kind: string;
	    location: string;
	    builtin: boolean;
	    last_sync: string;
	    documents: number;
	    written: number;
	    unchanged: number;
	    removed: number;
	    skipped: SourceSkipDTO[];
	    last_error: string;
	
	    static createFrom(source: any = {}) {
	        return new SourceDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.kind = source["kind"];
	        this.location = source["location"];
	        this.builtin = source["builtin"];
	        this.last_sync = source["last_sync"];
	        this.documents = source["documents"];
	        this.written = source["written"];
	        this.unchanged = source["unchanged"];
	        this.removed = source["removed"];
	        this.skipped = this.convertValues(source["skipped"], SourceSkipDTO);
	        this.last_error = source["last_error"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class TargetProblemDTO {
	    file: string;
	    line: number;
	    column: string;
	    message: string;
	    text: string;
	
	    static createFrom(source: any = {}) {
	        return new TargetProblemDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.file = source["file"];
	        this.line = source["line"];
	        this.column = source["column"];
	        this.message = source["message"];
	        this.text = source["text"];
	    }
	}
	export class TargetCheckDTO {
	    ok: boolean;
	    kind: string;
	    file: string;
	    sha256: string;
	    short_hash: string;
	    url: string;
	    method: string;
	    format: string;
	    rows: number;
	    problems: TargetProblemDTO[];
	    warnings: string[];
	
	    static createFrom(source: any = {}) {
	        return new TargetCheckDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.ok = source["ok"];
	        this.kind = source["kind"];
	        this.file = source["file"];
	        this.sha256 = source["sha256"];
	        this.short_hash = source["short_hash"];
	        this.url = source["url"];
	        this.method = source["method"];
	        this.format = source["format"];
	        this.rows = source["rows"];
	        this.problems = this.convertValues(source["problems"], TargetProblemDTO);
	        this.warnings = source["warnings"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class TeamStatusDTO {
	    connected: boolean;
	    url: string;
	    user: string;
	    role: string;
	    workspace: string;
	    workspace_name: string;
	    error: string;
	    note: string;
	
	    static createFrom(source: any = {}) {
	        return new TeamStatusDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.connected = source["connected"];
	        this.url = source["url"];
	        this.user = source["user"];
	        this.role = source["role"];
	        this.workspace = source["workspace"];
	        this.workspace_name = source["workspace_name"];
	        this.error = source["error"];
	        this.note = source["note"];
	    }
	}
	
	export class VoiceScoreDTO {
	    value: number;
	    band: string;
	    label: string;
	    words: number;
	    required: number;
	    recommended: number;
	    per_hundred: number;
	
	    static createFrom(source: any = {}) {
	        return new VoiceScoreDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.value = source["value"];
	        this.band = source["band"];
	        this.label = source["label"];
	        this.words = source["words"];
	        this.required = source["required"];
	        this.recommended = source["recommended"];
	        this.per_hundred = source["per_hundred"];
	    }
	}
	export class VoiceIssueDTO {
	    passage: string;
	    start: number;
	    end: number;
	    rule: string;
	    guideline: string;
	    explanation: string;
	    suggestion: string;
	    concrete: boolean;
	    level: string;
	    engine: string;
	
	    static createFrom(source: any = {}) {
	        return new VoiceIssueDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.passage = source["passage"];
	        this.start = source["start"];
	        this.end = source["end"];
	        this.rule = source["rule"];
	        this.guideline = source["guideline"];
	        this.explanation = source["explanation"];
	        this.suggestion = source["suggestion"];
	        this.concrete = source["concrete"];
	        this.level = source["level"];
	        this.engine = source["engine"];
	    }
	}
	export class VoiceCheckDTO {
	    issues: VoiceIssueDTO[];
	    score: VoiceScoreDTO;
	    engine: string;
	    model: string;
	    dropped: number;
	
	    static createFrom(source: any = {}) {
	        return new VoiceCheckDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.issues = this.convertValues(source["issues"], VoiceIssueDTO);
	        this.score = this.convertValues(source["score"], VoiceScoreDTO);
	        this.engine = source["engine"];
	        this.model = source["model"];
	        this.dropped = source["dropped"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class VoiceRulesDTO {
	    kind: string;
	    path: string;
	    describe: string;
	    warnings: string[];
	
	    static createFrom(source: any = {}) {
	        return new VoiceRulesDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.path = source["path"];
	        this.describe = source["describe"];
	        this.warnings = source["warnings"];
	    }
	}
	
	
	export class WorkspaceDTO {
	    root: string;
	    content_dir: string;
	    documents: number;
	    drafts: string[];
	    has_guidelines: boolean;
	    has_golden: boolean;
	    id: string;
	    source: string;
	    saved_dir: string;
	
	    static createFrom(source: any = {}) {
	        return new WorkspaceDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.root = source["root"];
	        this.content_dir = source["content_dir"];
	        this.documents = source["documents"];
	        this.drafts = source["drafts"];
	        this.has_guidelines = source["has_guidelines"];
	        this.has_golden = source["has_golden"];
	        this.id = source["id"];
	        this.source = source["source"];
	        this.saved_dir = source["saved_dir"];
	    }
	}
	export class WorkspaceSwitchDTO {
	    workspace: WorkspaceDTO;
	    job_id: string;
	
	    static createFrom(source: any = {}) {
	        return new WorkspaceSwitchDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.workspace = this.convertValues(source["workspace"], WorkspaceDTO);
	        this.job_id = source["job_id"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace checkview {
	
	export class Superseded {
	    text: string;
	    doc_id: string;
	    title: string;
	    until: string;
	    commit: string;
	    message: string;
	    current: string;
	
	    static createFrom(source: any = {}) {
	        return new Superseded(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.text = source["text"];
	        this.doc_id = source["doc_id"];
	        this.title = source["title"];
	        this.until = source["until"];
	        this.commit = source["commit"];
	        this.message = source["message"];
	        this.current = source["current"];
	    }
	}
	export class Searched {
	    passages: number;
	    documents: string[];
	
	    static createFrom(source: any = {}) {
	        return new Searched(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.passages = source["passages"];
	        this.documents = source["documents"];
	    }
	}
	export class Evidence {
	    doc_id: string;
	    chunk_id: string;
	    title: string;
	    quote: string;
	    url: string;
	    chunk_text: string;
	
	    static createFrom(source: any = {}) {
	        return new Evidence(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.doc_id = source["doc_id"];
	        this.chunk_id = source["chunk_id"];
	        this.title = source["title"];
	        this.quote = source["quote"];
	        this.url = source["url"];
	        this.chunk_text = source["chunk_text"];
	    }
	}
	export class Claim {
	    index: number;
	    paragraph: number;
	    text: string;
	    start: number;
	    end: number;
	    verdict: string;
	    explanation: string;
	    evidence: Evidence[];
	    flags: string[];
	    searched: Searched;
	    vote: string;
	    note: string;
	    resolved: string;
	    confidence?: number;
	    closest?: Evidence;
	    differs: string;
	    superseded?: Superseded;
	    dismissed: boolean;
	    dismiss_reason: string;
	    cause: string;
	    cause_suggested: string;
	    cause_why: string;
	
	    static createFrom(source: any = {}) {
	        return new Claim(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.index = source["index"];
	        this.paragraph = source["paragraph"];
	        this.text = source["text"];
	        this.start = source["start"];
	        this.end = source["end"];
	        this.verdict = source["verdict"];
	        this.explanation = source["explanation"];
	        this.evidence = this.convertValues(source["evidence"], Evidence);
	        this.flags = source["flags"];
	        this.searched = this.convertValues(source["searched"], Searched);
	        this.vote = source["vote"];
	        this.note = source["note"];
	        this.resolved = source["resolved"];
	        this.confidence = source["confidence"];
	        this.closest = this.convertValues(source["closest"], Evidence);
	        this.differs = source["differs"];
	        this.superseded = this.convertValues(source["superseded"], Superseded);
	        this.dismissed = source["dismissed"];
	        this.dismiss_reason = source["dismiss_reason"];
	        this.cause = source["cause"];
	        this.cause_suggested = source["cause_suggested"];
	        this.cause_why = source["cause_why"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class Export {
	    format: string;
	    filename: string;
	    text: string;
	
	    static createFrom(source: any = {}) {
	        return new Export(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.format = source["format"];
	        this.filename = source["filename"];
	        this.text = source["text"];
	    }
	}
	export class Summary {
	    supported: number;
	    contradicted: number;
	    not_covered: number;
	
	    static createFrom(source: any = {}) {
	        return new Summary(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.supported = source["supported"];
	        this.contradicted = source["contradicted"];
	        this.not_covered = source["not_covered"];
	    }
	}
	export class HistoryEntry {
	    id: number;
	    created_at: string;
	    source: string;
	    title: string;
	    engine: string;
	    model: string;
	    engine_label: string;
	    summary: Summary;
	
	    static createFrom(source: any = {}) {
	        return new HistoryEntry(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.created_at = source["created_at"];
	        this.source = source["source"];
	        this.title = source["title"];
	        this.engine = source["engine"];
	        this.model = source["model"];
	        this.engine_label = source["engine_label"];
	        this.summary = this.convertValues(source["summary"], Summary);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class VoiceIssue {
	    index: number;
	    passage: string;
	    start: number;
	    end: number;
	    rule: string;
	    guideline: string;
	    explanation: string;
	    suggestion: string;
	    concrete: boolean;
	    level: string;
	    dismissed: boolean;
	    dismiss_reason: string;
	
	    static createFrom(source: any = {}) {
	        return new VoiceIssue(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.index = source["index"];
	        this.passage = source["passage"];
	        this.start = source["start"];
	        this.end = source["end"];
	        this.rule = source["rule"];
	        this.guideline = source["guideline"];
	        this.explanation = source["explanation"];
	        this.suggestion = source["suggestion"];
	        this.concrete = source["concrete"];
	        this.level = source["level"];
	        this.dismissed = source["dismissed"];
	        this.dismiss_reason = source["dismiss_reason"];
	    }
	}
	export class Report {
	    id: number;
	    created_at: string;
	    source: string;
	    title: string;
	    draft: string;
	    engine: string;
	    model: string;
	    engine_label: string;
	    prompt_versions: Record<string, string>;
	    corpus_docs: number;
	    claims: Claim[];
	    summary: Summary;
	    voice: VoiceIssue[];
	    voice_score?: number;
	    voice_band: string;
	    voice_label: string;
	    draft_version: number;
	
	    static createFrom(source: any = {}) {
	        return new Report(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.created_at = source["created_at"];
	        this.source = source["source"];
	        this.title = source["title"];
	        this.draft = source["draft"];
	        this.engine = source["engine"];
	        this.model = source["model"];
	        this.engine_label = source["engine_label"];
	        this.prompt_versions = source["prompt_versions"];
	        this.corpus_docs = source["corpus_docs"];
	        this.claims = this.convertValues(source["claims"], Claim);
	        this.summary = this.convertValues(source["summary"], Summary);
	        this.voice = this.convertValues(source["voice"], VoiceIssue);
	        this.voice_score = source["voice_score"];
	        this.voice_band = source["voice_band"];
	        this.voice_label = source["voice_label"];
	        this.draft_version = source["draft_version"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	
	export class TriageCause {
	    cause: string;
	    cause_suggested: string;
	    cause_why: string;
	    causes: string[];
	
	    static createFrom(source: any = {}) {
	        return new TriageCause(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.cause = source["cause"];
	        this.cause_suggested = source["cause_suggested"];
	        this.cause_why = source["cause_why"];
	        this.causes = source["causes"];
	    }
	}
	export class TriageItem {
	    check_id: number;
	    claim_index: number;
	    note: string;
	    claim_text: string;
	    verdict: string;
	    chunk_ids: string[];
	    engine: string;
	    model: string;
	    draft_title: string;
	    updated_at: string;
	    golden_set: string;
	    golden_row_id: string;
	    cause: string;
	    cause_suggested: string;
	    cause_why: string;
	
	    static createFrom(source: any = {}) {
	        return new TriageItem(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.check_id = source["check_id"];
	        this.claim_index = source["claim_index"];
	        this.note = source["note"];
	        this.claim_text = source["claim_text"];
	        this.verdict = source["verdict"];
	        this.chunk_ids = source["chunk_ids"];
	        this.engine = source["engine"];
	        this.model = source["model"];
	        this.draft_title = source["draft_title"];
	        this.updated_at = source["updated_at"];
	        this.golden_set = source["golden_set"];
	        this.golden_row_id = source["golden_row_id"];
	        this.cause = source["cause"];
	        this.cause_suggested = source["cause_suggested"];
	        this.cause_why = source["cause_why"];
	    }
	}

}

export namespace scoreview {
	
	export class ApprovedContradictionDTO {
	    kind: string;
	    claim: string;
	    doc_id: string;
	    chunk_id: string;
	    passage: string;
	    confidence?: number;
	
	    static createFrom(source: any = {}) {
	        return new ApprovedContradictionDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.claim = source["claim"];
	        this.doc_id = source["doc_id"];
	        this.chunk_id = source["chunk_id"];
	        this.passage = source["passage"];
	        this.confidence = source["confidence"];
	    }
	}
	export class BaselineDTO {
	    run_id: string;
	    started_at: string;
	    regressions: number;
	    improvements: number;
	    new_errors: number;
	    fixed_errors: number;
	    answers_changed: number;
	    contradicts_approved: number;
	
	    static createFrom(source: any = {}) {
	        return new BaselineDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.started_at = source["started_at"];
	        this.regressions = source["regressions"];
	        this.improvements = source["improvements"];
	        this.new_errors = source["new_errors"];
	        this.fixed_errors = source["fixed_errors"];
	        this.answers_changed = source["answers_changed"];
	        this.contradicts_approved = source["contradicts_approved"];
	    }
	}
	export class CategoryMetricDTO {
	    metric: string;
	    mean?: number;
	    threshold?: number;
	    baseline?: number;
	    measured: number;
	
	    static createFrom(source: any = {}) {
	        return new CategoryMetricDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.metric = source["metric"];
	        this.mean = source["mean"];
	        this.threshold = source["threshold"];
	        this.baseline = source["baseline"];
	        this.measured = source["measured"];
	    }
	}
	export class CategoryDTO {
	    category: string;
	    n: number;
	    metrics: CategoryMetricDTO[];
	
	    static createFrom(source: any = {}) {
	        return new CategoryDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.category = source["category"];
	        this.n = source["n"];
	        this.metrics = this.convertValues(source["metrics"], CategoryMetricDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class ClaimCheckDTO {
	    claim: string;
	    verdict: string;
	    reason: string;
	
	    static createFrom(source: any = {}) {
	        return new ClaimCheckDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.claim = source["claim"];
	        this.verdict = source["verdict"];
	        this.reason = source["reason"];
	    }
	}
	export class NotMeasuredDTO {
	    metric: string;
	    reason: string;
	
	    static createFrom(source: any = {}) {
	        return new NotMeasuredDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.metric = source["metric"];
	        this.reason = source["reason"];
	    }
	}
	export class QuestionScoreDTO {
	    metric: string;
	    value: number;
	    baseline?: number;
	    delta?: number;
	    below: boolean;
	    flaky: boolean;
	    method: string;
	
	    static createFrom(source: any = {}) {
	        return new QuestionScoreDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.metric = source["metric"];
	        this.value = source["value"];
	        this.baseline = source["baseline"];
	        this.delta = source["delta"];
	        this.below = source["below"];
	        this.flaky = source["flaky"];
	        this.method = source["method"];
	    }
	}
	export class RetrievedDTO {
	    rank: number;
	    doc_id: string;
	    chunk_id: string;
	    title: string;
	    text: string;
	    hit: boolean;
	
	    static createFrom(source: any = {}) {
	        return new RetrievedDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rank = source["rank"];
	        this.doc_id = source["doc_id"];
	        this.chunk_id = source["chunk_id"];
	        this.title = source["title"];
	        this.text = source["text"];
	        this.hit = source["hit"];
	    }
	}
	export class ReferenceDocDTO {
	    doc_id: string;
	    found: boolean;
	
	    static createFrom(source: any = {}) {
	        return new ReferenceDocDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.doc_id = source["doc_id"];
	        this.found = source["found"];
	    }
	}
	export class EvalQuestionDTO {
	    id: string;
	    category: string;
	    question: string;
	    status: string;
	    change: string;
	    worst_delta: number;
	    answer: string;
	    baseline_answer: string;
	    refused: boolean;
	    reference: string;
	    references: ReferenceDocDTO[];
	    supporting_line: string;
	    retrieved: RetrievedDTO[];
	    scores: QuestionScoreDTO[];
	    not_measured: NotMeasuredDTO[];
	    claims: ClaimCheckDTO[];
	    evidence: string[];
	    why: string[];
	    error: string;
	    answer_changed: boolean;
	    contradicts_approved: boolean;
	    contradicted_claims: string[];
	    approved_contradicted: string;
	    approved_contradiction?: ApprovedContradictionDTO;
	
	    static createFrom(source: any = {}) {
	        return new EvalQuestionDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.category = source["category"];
	        this.question = source["question"];
	        this.status = source["status"];
	        this.change = source["change"];
	        this.worst_delta = source["worst_delta"];
	        this.answer = source["answer"];
	        this.baseline_answer = source["baseline_answer"];
	        this.refused = source["refused"];
	        this.reference = source["reference"];
	        this.references = this.convertValues(source["references"], ReferenceDocDTO);
	        this.supporting_line = source["supporting_line"];
	        this.retrieved = this.convertValues(source["retrieved"], RetrievedDTO);
	        this.scores = this.convertValues(source["scores"], QuestionScoreDTO);
	        this.not_measured = this.convertValues(source["not_measured"], NotMeasuredDTO);
	        this.claims = this.convertValues(source["claims"], ClaimCheckDTO);
	        this.evidence = source["evidence"];
	        this.why = source["why"];
	        this.error = source["error"];
	        this.answer_changed = source["answer_changed"];
	        this.contradicts_approved = source["contradicts_approved"];
	        this.contradicted_claims = source["contradicted_claims"];
	        this.approved_contradicted = source["approved_contradicted"];
	        this.approved_contradiction = this.convertValues(source["approved_contradiction"], ApprovedContradictionDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class EvalRunTargetDTO {
	    kind: string;
	    url: string;
	    method: string;
	    file: string;
	    sha256: string;
	    short_hash: string;
	    refusal: string;
	    label: string;
	
	    static createFrom(source: any = {}) {
	        return new EvalRunTargetDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.kind = source["kind"];
	        this.url = source["url"];
	        this.method = source["method"];
	        this.file = source["file"];
	        this.sha256 = source["sha256"];
	        this.short_hash = source["short_hash"];
	        this.refusal = source["refusal"];
	        this.label = source["label"];
	    }
	}
	export class KVDTO {
	    key: string;
	    value: string;
	
	    static createFrom(source: any = {}) {
	        return new KVDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.value = source["value"];
	    }
	}
	export class EvalRunDTO {
	    id: string;
	    status: string;
	    started_at: string;
	    finished_at: string;
	    engine: string;
	    answer_model: string;
	    judge_model: string;
	    embed_model: string;
	    golden_set: string;
	    golden_version: string;
	    corpus_fingerprint: string;
	    questions: number;
	    repeat: number;
	    settings: KVDTO[];
	    gate_pass?: boolean;
	    pinned: boolean;
	    prompt_versions: KVDTO[];
	    notes: string[];
	    target: EvalRunTargetDTO;
	    judge: string;
	
	    static createFrom(source: any = {}) {
	        return new EvalRunDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.status = source["status"];
	        this.started_at = source["started_at"];
	        this.finished_at = source["finished_at"];
	        this.engine = source["engine"];
	        this.answer_model = source["answer_model"];
	        this.judge_model = source["judge_model"];
	        this.embed_model = source["embed_model"];
	        this.golden_set = source["golden_set"];
	        this.golden_version = source["golden_version"];
	        this.corpus_fingerprint = source["corpus_fingerprint"];
	        this.questions = source["questions"];
	        this.repeat = source["repeat"];
	        this.settings = this.convertValues(source["settings"], KVDTO);
	        this.gate_pass = source["gate_pass"];
	        this.pinned = source["pinned"];
	        this.prompt_versions = this.convertValues(source["prompt_versions"], KVDTO);
	        this.notes = source["notes"];
	        this.target = this.convertValues(source["target"], EvalRunTargetDTO);
	        this.judge = source["judge"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	export class KVFDTO {
	    key: string;
	    value: number;
	
	    static createFrom(source: any = {}) {
	        return new KVFDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.value = source["value"];
	    }
	}
	export class MetricThresholdDTO {
	    metric: string;
	    threshold: number;
	    meaning: string;
	    advisory: boolean;
	    custom: boolean;
	
	    static createFrom(source: any = {}) {
	        return new MetricThresholdDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.metric = source["metric"];
	        this.threshold = source["threshold"];
	        this.meaning = source["meaning"];
	        this.advisory = source["advisory"];
	        this.custom = source["custom"];
	    }
	}
	export class MetricTileDTO {
	    metric: string;
	    meaning: string;
	    mean?: number;
	    threshold?: number;
	    status: string;
	    measured: number;
	    not_measured: number;
	    flaky: number;
	    baseline?: number;
	    delta?: number;
	    improved: number;
	    regressed: number;
	
	    static createFrom(source: any = {}) {
	        return new MetricTileDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.metric = source["metric"];
	        this.meaning = source["meaning"];
	        this.mean = source["mean"];
	        this.threshold = source["threshold"];
	        this.status = source["status"];
	        this.measured = source["measured"];
	        this.not_measured = source["not_measured"];
	        this.flaky = source["flaky"];
	        this.baseline = source["baseline"];
	        this.delta = source["delta"];
	        this.improved = source["improved"];
	        this.regressed = source["regressed"];
	    }
	}
	
	
	
	
	export class TrendPointDTO {
	    run_id: string;
	    started_at: string;
	    gate_pass: boolean;
	    errors: number;
	    means: KVFDTO[];
	
	    static createFrom(source: any = {}) {
	        return new TrendPointDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run_id = source["run_id"];
	        this.started_at = source["started_at"];
	        this.gate_pass = source["gate_pass"];
	        this.errors = source["errors"];
	        this.means = this.convertValues(source["means"], KVFDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ScorecardDTO {
	    run: EvalRunDTO;
	    ready: boolean;
	    gate_metrics: number;
	    failing_metrics: number;
	    failing_questions: number;
	    gate_failures: string[];
	    errors: number;
	    review_count: number;
	    tiles: MetricTileDTO[];
	    categories: CategoryDTO[];
	    questions: EvalQuestionDTO[];
	    baseline?: BaselineDTO;
	    trend: TrendPointDTO[];
	
	    static createFrom(source: any = {}) {
	        return new ScorecardDTO(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.run = this.convertValues(source["run"], EvalRunDTO);
	        this.ready = source["ready"];
	        this.gate_metrics = source["gate_metrics"];
	        this.failing_metrics = source["failing_metrics"];
	        this.failing_questions = source["failing_questions"];
	        this.gate_failures = source["gate_failures"];
	        this.errors = source["errors"];
	        this.review_count = source["review_count"];
	        this.tiles = this.convertValues(source["tiles"], MetricTileDTO);
	        this.categories = this.convertValues(source["categories"], CategoryDTO);
	        this.questions = this.convertValues(source["questions"], EvalQuestionDTO);
	        this.baseline = this.convertValues(source["baseline"], BaselineDTO);
	        this.trend = this.convertValues(source["trend"], TrendPointDTO);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

